// Multi-user stats (console-screens §9.2) for admins: the usernames typed comma-separated, Enter reads
// their totals over core's default range (the last 30 days) and draws each user's spend and requests
// with a bar, then the calls per user and model.
import {
  getMultiUserStats,
  modelCallSlices,
  multiUserDefaultRange,
  renderQuota,
  type UserModelUsage,
  type UserUsage,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useRef, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { bar } from '../../ui/sparkline.js';
import { TextInput } from '../../ui/text-input.js';

const BINDINGS = [{ keys: 'Enter', labelKey: 'analytics.multi.query' }];
const BAR_WIDTH = 20;

/** The report of the usernames typed. */
export function MultiUserScreen() {
  const { t, glyphs } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const [names, setNames] = useState('');
  const [report, setReport] = useState<{ users: UserUsage[]; modelUsage: UserModelUsage[] }>();
  const [message, setMessage] = useState('');
  const notifyError = useRef(host.notifyError);
  notifyError.current = host.notifyError;

  const query = () => {
    const usernames = names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (usernames.length === 0) return setMessage(t('analytics.multi.usernames_required'));
    setMessage('');
    const range = multiUserDefaultRange(Date.now());
    getMultiUserStats(client, { usernames, start_time: range.start, end_time: range.end }).then(
      setReport,
      (error) => notifyError.current(error),
    );
  };
  useScreenFrame(BINDINGS, true);
  useKeys((_input, key) => {
    if (key.return) query();
  }, host.active);

  const maxQuota = Math.max(0, ...(report?.users ?? []).map((user) => user.quota));
  const calls = modelCallSlices(report?.modelUsage ?? []);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('analytics.multi.title')}</Text>
      <Box>
        <Text color="cyan">{`${t('analytics.multi.usernames')}: `}</Text>
        <TextInput value={names} onChange={setNames} focus={host.active} />
      </Box>
      <Text dimColor>{glyphs.text(message || t('analytics.multi.usernames_hint'))}</Text>
      {report ? (
        <Text>
          {report.users.length
            ? t('analytics.multi.found', { count: report.users.length })
            : t('analytics.multi.none')}
        </Text>
      ) : null}
      {(report?.users ?? []).map((user) => (
        <Text key={user.username} wrap="truncate-end">
          {`  ${user.username.padEnd(16)}  ${t('analytics.multi.spend')} ${renderQuota(user.quota, quota, 6).padStart(10)}  ${t('analytics.multi.requests')} ${String(user.request_count).padStart(6)}  ${bar(user.quota, maxQuota, BAR_WIDTH, glyphs.bar)}`}
        </Text>
      ))}
      {calls.labels.length ? (
        <Text bold>{glyphs.text(t('analytics.multi.calls_chart', { value: calls.total }))}</Text>
      ) : null}
      {calls.labels.slice(0, 8).map((label, index) => (
        <Text key={label} wrap="truncate-end">
          {glyphs.text(`  ${label}  ${calls.values[index]}`)}
        </Text>
      ))}
    </Box>
  );
}
