// System info (console-screens §10) for root: the server's newest log lines, coloured by core's level
// folding, read again with the console's live refresh; `r` reloads and `p` pauses like the lists, `/`
// searches the lines read (core's filterSystemLog, as the web's search box).
import {
  filterSystemLog,
  getSystemLog,
  SYSTEM_LOG_SCREEN_DEFAULT,
  type SystemLogEntry,
  type SystemLogLevel,
  systemLogLevel,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { MODE_BINDINGS } from '../../kit/list-keys.js';
import { useLiveReload } from '../../kit/use-live-reload.js';
import { TextInput } from '../../ui/text-input.js';

const BINDINGS = [
  { keys: '/', labelKey: 'analytics.system.search' },
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
  // The search text, and whether its box has the keys (typing `r` there must not reload).
  const [search, setSearch] = useState('');
  const [typing, setTyping] = useState(false);
  const { data: entries, refresh } = useLiveReload<SystemLogEntry[]>(
    () => getSystemLog(client, SYSTEM_LOG_SCREEN_DEFAULT),
    '',
    { refreshSeconds, onError: host.notifyError, keys: host.active && !typing },
  );
  useScreenFrame(typing ? MODE_BINDINGS.search : BINDINGS, typing, refresh, () => {
    // Esc with a search on clears it first; the next Esc leaves.
    if (!search) return false;
    setSearch('');
    return true;
  });
  useKeys((input, key) => {
    if (typing) {
      if (key.return) setTyping(false);
      else if (key.escape) {
        setTyping(false);
        setSearch('');
      }
      return;
    }
    if (input === '/' && !key.ctrl && !key.meta) setTyping(true);
  }, host.active);
  const shown = entries === undefined ? undefined : filterSystemLog(entries, search);

  const room = Math.max(1, host.height - 3 - (typing || search ? 1 : 0));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{`${t('nav.system_info')}: ${t('analytics.system.title')}`}</Text>
      <Text dimColor wrap="truncate-end">
        {glyphs.text(t('analytics.system.caption'))}
      </Text>
      {typing || search ? (
        <Box>
          <Text color="cyan">{`${t('analytics.system.search')}: /`}</Text>
          <TextInput value={search} onChange={setSearch} focus={host.active && typing} />
        </Box>
      ) : null}
      {shown === undefined ? <Text dimColor>{glyphs.text(t('common.loading'))}</Text> : null}
      {shown?.length === 0 ? (
        <Text dimColor>{t(search.trim() ? 'analytics.system.no_match' : 'analytics.system.no_logs')}</Text>
      ) : null}
      {(shown ?? []).slice(-room).map((entry, index) => {
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
