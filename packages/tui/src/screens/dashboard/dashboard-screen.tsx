// The self dashboard (console-screens §7) as numbers: balance and use, today's requests, spend and
// tokens against yesterday with the last days as sparklines, the rate against the group's limit, and
// requests per model and per day as bars. Every figure comes from core's dashboard maths; live refresh
// follows the console's interval and `p` pauses it like the lists.
import {
  type DailyModelStat,
  type DashboardRate,
  dailyTotals,
  dashboardDefaultRange,
  daysOfRange,
  getDashboard,
  getDashboardRate,
  getSelf,
  kpiFigures,
  modelRequestSlices,
  renderQuota,
  type User,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useLiveReload } from '../../kit/use-live-reload.js';
import { barChart, sparklineIn } from '../../ui/charts.js';

const BINDINGS = [
  { keys: 'r', labelKey: 'tui.keys.refresh' },
  { keys: 'p', labelKey: 'tui.keys.pause' },
];

/** Models shown by name; the rest are left to the web's donut. */
const TOP_MODELS = 5;

interface DashboardData {
  self: User;
  rows: DailyModelStat[];
  days: string[];
  rate: DashboardRate;
}

/** The three reads of the dashboard, over the default range (the last 7 days, today included). */
async function loadDashboard(client: Parameters<typeof getSelf>[0]): Promise<DashboardData> {
  const range = dashboardDefaultRange(Date.now());
  const [self, rows, rate] = await Promise.all([
    getSelf(client),
    getDashboard(client, range),
    getDashboardRate(client),
  ]);
  return { self, rows, days: daysOfRange(range), rate };
}

const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent}%`;

/** The dashboard's figures, read again every refresh interval unless paused. */
export function DashboardScreen() {
  const { t, glyphs, refreshSeconds, columns } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const { data, refresh } = useLiveReload(() => loadDashboard(client), '', {
    refreshSeconds,
    onError: host.notifyError,
    keys: host.active,
  });
  useScreenFrame(BINDINGS, false, refresh);

  if (!data)
    return (
      <Box paddingX={1}>
        <Text dimColor>{glyphs.text(t('common.loading'))}</Text>
      </Box>
    );
  const totals = dailyTotals(data.rows, data.days);
  const kpi = kpiFigures(totals);
  const models = modelRequestSlices(data.rows);
  const money = (points: number) => renderQuota(points, quota);
  const kpiLines: [string, string, number[], number][] = [
    [
      t('dashboard.today_requests'),
      kpi.requests.today.toLocaleString('en-US'),
      kpi.requests.week,
      kpi.requests.trend,
    ],
    [t('dashboard.today_spend'), money(kpi.quota.today), kpi.quota.week, kpi.quota.trend],
    [
      t('dashboard.today_tokens'),
      kpi.tokens.today.toLocaleString('en-US'),
      kpi.tokens.week,
      kpi.tokens.trend,
    ],
  ];
  const labelWidth = Math.max(...kpiLines.map(([label]) => label.length));
  const rate =
    data.rate.maxRPM > 0
      ? t('dashboard.rpm_value', { rpm: data.rate.rpm, max: data.rate.maxRPM })
      : t('dashboard.rpm_unlimited', { rpm: data.rate.rpm });
  // The charts fill the terminal's width (less the pane's padding); the week's sparklines widen too.
  const width = Math.max(20, columns - 2);
  const sparkWidth = Math.max(7, Math.min(28, columns - 70));
  const chart = { width, block: glyphs.bar, ellipsis: glyphs.ellipsis };
  const modelBars = barChart(
    models.labels.slice(0, TOP_MODELS).map((label, index) => ({
      label,
      value: models.values[index] ?? 0,
      text: String(models.values[index] ?? 0),
    })),
    { ...chart, width: width - 2 },
  );
  const dayBars = barChart(
    totals.map((day) => ({
      label: day.date,
      value: day.requests,
      text: `${String(day.requests).padStart(6)}  ${money(day.quota).padStart(10)}`,
    })),
    { ...chart, width: width - 2 },
  );
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('nav.dashboard')}</Text>
      <Text>
        {glyphs.text(
          `${t('dashboard.balance')}: ${money(data.self.quota)}   ${t('dashboard.used')}: ${money(data.self.used_quota)}   ${t('dashboard.requests')}: ${data.self.request_count.toLocaleString('en-US')}`,
        )}
      </Text>
      {kpiLines.map(([label, value, week, trend]) => (
        <Text key={label} wrap="truncate-end">
          {`${label.padEnd(labelWidth)}  ${value.padStart(10)}  ${sparklineIn(week, glyphs.spark, sparkWidth)}  ${t('dashboard.trend', { percent: signed(trend) })}`}
        </Text>
      ))}
      <Text wrap="truncate-end">
        {`${t('dashboard.rpm')}: ${rate} · ${t('dashboard.tpm_value', { tpm: data.rate.tpm })}`}
      </Text>
      <Text
        bold
      >{`${t('dashboard.donut_title')} (${t('dashboard.donut_total', { count: models.total })})`}</Text>
      {models.labels.length === 0 ? <Text dimColor>{t('dashboard.no_data')}</Text> : null}
      {modelBars.map((line, index) => (
        <Text key={models.labels[index] ?? index} wrap="truncate-end">
          {glyphs.text(`  ${line}`)}
        </Text>
      ))}
      <Text bold>{t('dashboard.table_title')}</Text>
      {dayBars.map((line, index) => (
        <Text key={totals[index]?.date ?? index} wrap="truncate-end">
          {glyphs.text(`  ${line}`)}
        </Text>
      ))}
    </Box>
  );
}
