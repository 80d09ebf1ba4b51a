// Multi-user stats (console-screens §9.2) for admins: the usernames typed comma-separated and a date
// range (core's default: the last 30 days), Enter reads their totals and draws each user's spend and
// requests with a bar, then the calls per user and model; Ctrl-e writes the server's CSV export to a
// file under the name the web downloads it as. Names and range are read by core's multiUserQuery.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  exportMultiUserStats,
  getMultiUserStats,
  type MultiUserQuery,
  modelCallSlices,
  multiUserDefaultRange,
  multiUserExportFileName,
  multiUserQuery,
  renderQuota,
  type UserModelUsage,
  type UserUsage,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useMemo, useRef, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { errorText } from '../../lib/error-text.js';
import type { ItemScreenProps } from '../../shell/screen-for-item.js';
import { barChart } from '../../ui/charts.js';
import { TextInput } from '../../ui/text-input.js';

const BINDINGS = [
  { keys: 'Enter', labelKey: 'analytics.multi.query' },
  // `Tab` (Shift-Tab and ↑/↓ move too): short enough that Export stays in sight beside Esc and Ctrl-c
  // in an 80-column footer.
  { keys: 'Tab', labelKey: 'tui.keys.next_field' },
  { keys: 'Ctrl-e', labelKey: 'analytics.multi.export' },
];

type Field = 'names' | 'start' | 'end';
const FIELDS: readonly Field[] = ['names', 'start', 'end'];
const LABELS: Record<Field, string> = {
  names: 'analytics.multi.usernames',
  start: 'analytics.period.start',
  end: 'analytics.period.end',
};

/** The report of the usernames typed over the range typed. */
export function MultiUserScreen({ saveDir = process.cwd() }: ItemScreenProps) {
  const { t, glyphs, columns } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const initial = useMemo(() => multiUserDefaultRange(Date.now()), []);
  const [values, setValues] = useState<Record<Field, string>>({
    names: '',
    start: initial.start,
    end: initial.end,
  });
  const [focus, setFocus] = useState<Field>('names');
  const [report, setReport] = useState<{ users: UserUsage[]; modelUsage: UserModelUsage[] }>();
  // The query of the report on screen: the export writes that one, not what is typed since.
  const [asked, setAsked] = useState<MultiUserQuery>();
  const [message, setMessage] = useState('');
  const notifyError = useRef(host.notifyError);
  notifyError.current = host.notifyError;

  const query = () => {
    const read = multiUserQuery(values.names, { start: values.start, end: values.end }, initial.end);
    if ('errorKey' in read) return setMessage(t(read.errorKey));
    setMessage('');
    getMultiUserStats(client, read.query).then(
      (answer) => {
        setReport(answer);
        setAsked(read.query);
      },
      (error) => notifyError.current(error),
    );
  };
  const exportCsv = () => {
    if (!asked || !report?.users.length) return;
    exportMultiUserStats(client, asked).then(
      (csv) => {
        const path = join(saveDir, multiUserExportFileName(asked));
        try {
          writeFileSync(path, csv);
          host.notify(t('analytics.multi.exported', { name: path }));
        } catch (error) {
          host.notify(errorText(error, t), 'error');
        }
      },
      (error) => notifyError.current(error),
    );
  };
  useScreenFrame(BINDINGS, 'typing');
  useKeys((input, key) => {
    const index = FIELDS.indexOf(focus);
    // The fields have every other key; Esc goes back to the menu.
    if (key.escape) return host.leave();
    if (key.return) return query();
    if (key.ctrl && input === 'e') return exportCsv();
    if ((key.tab && key.shift) || key.upArrow)
      return setFocus(FIELDS[(index + FIELDS.length - 1) % FIELDS.length] ?? 'names');
    if (key.tab || key.downArrow) return setFocus(FIELDS[(index + 1) % FIELDS.length] ?? 'names');
  }, host.active);

  const labelWidth = Math.max(...FIELDS.map((field) => t(LABELS[field]).length));
  const calls = modelCallSlices(report?.modelUsage ?? []);
  // Bars fill the terminal's width (less the pane's padding and the indent).
  const chart = { width: Math.max(20, columns - 4), block: glyphs.bar, ellipsis: glyphs.ellipsis };
  const userBars = barChart(
    (report?.users ?? []).map((user) => ({
      label: user.username,
      value: user.quota,
      text: `${t('analytics.multi.spend')} ${renderQuota(user.quota, quota, 6).padStart(10)}  ${t('analytics.multi.requests')} ${String(user.request_count).padStart(6)}`,
    })),
    chart,
  );
  const callBars = barChart(
    calls.labels.slice(0, 8).map((label, index) => ({
      label,
      value: calls.values[index] ?? 0,
      text: String(calls.values[index] ?? 0),
    })),
    chart,
  );
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('analytics.multi.title')}</Text>
      {FIELDS.map((field) => (
        <Box key={field}>
          <Text color={focus === field ? 'cyan' : undefined}>
            {`${focus === field ? glyphs.pointer : ' '} ${t(LABELS[field]).padEnd(labelWidth)}  `}
          </Text>
          <TextInput
            value={values[field]}
            onChange={(value) => setValues((previous) => ({ ...previous, [field]: value }))}
            focus={host.active && focus === field}
          />
        </Box>
      ))}
      <Text color={message ? 'red' : undefined} dimColor={!message}>
        {glyphs.text(message || t('analytics.multi.usernames_hint'))}
      </Text>
      {report ? (
        <Text>
          {report.users.length
            ? t('analytics.multi.found', { count: report.users.length })
            : t('analytics.multi.none')}
        </Text>
      ) : null}
      {userBars.map((line, index) => (
        <Text key={report?.users[index]?.username ?? index} wrap="truncate-end">
          {glyphs.text(`  ${line}`)}
        </Text>
      ))}
      {calls.labels.length ? (
        <Text bold>{glyphs.text(t('analytics.multi.calls_chart', { value: calls.total }))}</Text>
      ) : null}
      {callBars.map((line, index) => (
        <Text key={calls.labels[index] ?? index} wrap="truncate-end">
          {glyphs.text(`  ${line}`)}
        </Text>
      ))}
    </Box>
  );
}
