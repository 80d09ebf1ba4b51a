// System info (console-screens §10) for root: the server's newest log lines, coloured by core's level
// folding, read again with the console's live refresh; `r` reloads and `p` pauses like the lists.
import {
  getSystemLog,
  SYSTEM_LOG_SCREEN_DEFAULT,
  type SystemLogEntry,
  type SystemLogLevel,
  systemLogLevel,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useLiveReload } from '../../kit/use-live-reload.js';

const BINDINGS = [
  { keys: 'r', labelKey: 'tui.keys.refresh' },
  { keys: 'p', labelKey: 'tui.keys.pause' },
];

const LEVEL_COLOURS: Record<SystemLogLevel, string | undefined> = {
  info: undefined,
  warning: 'yellow',
  error: 'red',
  debug: 'gray',
};

/** The newest server log lines, the last at the bottom. */
export function SystemInfoScreen() {
  const { t, glyphs, refreshSeconds } = useTuiEnv();
  const { client } = useSession();
  const host = useScreenHost();
  const { data: entries, refresh } = useLiveReload<SystemLogEntry[]>(
    () => getSystemLog(client, SYSTEM_LOG_SCREEN_DEFAULT),
    '',
    { refreshSeconds, onError: host.notifyError, keys: host.active },
  );
  useScreenFrame(BINDINGS, false, refresh);

  const room = Math.max(1, host.height - 3);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{`${t('nav.system_info')}: ${t('analytics.system.title')}`}</Text>
      <Text dimColor wrap="truncate-end">
        {glyphs.text(t('analytics.system.caption'))}
      </Text>
      {entries === undefined ? <Text dimColor>{glyphs.text(t('common.loading'))}</Text> : null}
      {entries?.length === 0 ? <Text dimColor>{t('analytics.system.no_logs')}</Text> : null}
      {(entries ?? []).slice(-room).map((entry, index) => {
        const level = systemLogLevel(entry.Level);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one read, in order
          <Text key={index} wrap="truncate-end" color={LEVEL_COLOURS[level]}>
            {`${entry.Timestamp}  ${t(`analytics.system.level.${level}`).padEnd(7)}  ${entry.Message}`}
          </Text>
        );
      })}
    </Box>
  );
}
