// Analytics (console-screens §8) for admins, in the terminal: the four summary cards core computes
// (analyticsSummary), then the period's charts from the same core series the web draws — spend,
// tokens and requests per day, redemptions, registrations and orders — as sparklines, and one usage
// metric per group (model type, model, channel) as a bar chart that fills the width; as many bars as
// the rows allow. `m` picks the metric, `b` the grouping, `d` the range (7, 14 or 30 days); `r`
// reloads and `p` pauses the live refresh.
import {
  type ANALYTICS_GROUP_TYPES,
  type AnalyticsPeriod,
  type AnalyticsSummary,
  analyticsSummary,
  daysOfRange,
  displayWidth,
  fitCells,
  getAnalyticsPeriod,
  getAnalyticsStatistics,
  lastDaysRange,
  orderChart,
  rangeTimestamps,
  redemptionChart,
  registrationChart,
  renderQuota,
  thousands,
  type UsageMetric,
  usageChart,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useLiveReload } from '../../kit/use-live-reload.js';
import { barChart, sparklineIn } from '../../ui/charts.js';

const BINDINGS = [
  { keys: 'm', labelKey: 'tui.analytics.keys.metric' },
  { keys: 'b', labelKey: 'tui.analytics.keys.group' },
  { keys: 'd', labelKey: 'tui.analytics.keys.days' },
  { keys: 'r', labelKey: 'tui.keys.refresh' },
  { keys: 'p', labelKey: 'tui.keys.pause' },
];

type Group = (typeof ANALYTICS_GROUP_TYPES)[number];
/** The groupings in the order the console lists them (spec §8). */
const GROUPS: Group[] = ['model_type', 'model', 'channel'];
const METRICS: UsageMetric[] = ['spend', 'tokens', 'requests'];
const RANGES = [7, 14, 30];

/** A usage figure as the web's chart titles show it: dollars to 3 places, counts with separators. */
const usageText = (metric: UsageMetric, value: number) =>
  metric === 'spend' ? `$${value.toFixed(3)}` : thousands(value);

interface AnalyticsData {
  summary: AnalyticsSummary;
  period: AnalyticsPeriod;
  days: string[];
  /** What was asked for: the screen titles its charts by the data shown, not by a change still loading. */
  group: Group;
  range: { start: string; end: string };
}

/** The site's totals and the period's charts. */
export function AnalyticsScreen() {
  const { t, glyphs, refreshSeconds, columns } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const [metric, setMetric] = useState<UsageMetric>('spend');
  const [group, setGroup] = useState<Group>('model_type');
  const [days, setDays] = useState(RANGES[0] ?? 7);
  const range = useMemo(() => lastDaysRange(Date.now(), days), [days]);
  const { data, refresh } = useLiveReload<AnalyticsData>(
    async () => {
      const [statistics, period] = await Promise.all([
        getAnalyticsStatistics(client),
        getAnalyticsPeriod(client, { ...rangeTimestamps(range), group_type: group, user_id: 0 }),
      ]);
      return { summary: analyticsSummary(statistics), period, days: daysOfRange(range), group, range };
    },
    `${group}/${range.start}/${range.end}`,
    { refreshSeconds, onError: host.notifyError, keys: host.active },
  );
  useScreenFrame(BINDINGS, false, refresh);
  const next = <T,>(list: readonly T[], value: T) => list[(list.indexOf(value) + 1) % list.length] ?? value;
  useKeys((input) => {
    if (input === 'm') setMetric((value) => next(METRICS, value));
    else if (input === 'b') setGroup((value) => next(GROUPS, value));
    else if (input === 'd') setDays((value) => next(RANGES, value));
  }, host.active);

  if (!data) return <Text dimColor>{glyphs.text(t('common.loading'))}</Text>;
  const { summary, period } = data;
  const width = Math.max(20, columns - 2);
  const money = (points: number) => renderQuota(points, quota);
  const lines: [string, string, string][] = [
    [
      t('analytics.summary.spend'),
      money(summary.usedQuota),
      t('analytics.summary.balance', { value: money(summary.balanceQuota) }),
    ],
    [
      t('analytics.summary.users'),
      String(summary.users),
      t('analytics.summary.users_sub', { direct: summary.directUsers, invited: summary.invitedUsers }),
    ],
    [
      t('analytics.summary.channels'),
      String(summary.channels.total),
      t('analytics.summary.channels_sub', {
        active: summary.channels.active,
        disabled: summary.channels.disabled,
        auto: summary.channels.testDisabled,
      }),
    ],
    [
      t('analytics.summary.recharge'),
      money(summary.rechargeQuota),
      [
        t('analytics.summary.recharge_sub', {
          codes: money(summary.redeemedQuota),
          orders: money(summary.orderQuota),
        }),
        ...summary.paid.map((paid) =>
          t('analytics.summary.paid', { amount: paid.amount.toFixed(2), currency: paid.currency }),
        ),
      ].join(' · '),
    ],
  ];
  const labelWidth = Math.max(...lines.map(([label]) => displayWidth(label)));

  // The period's series, one sparkline each, from the same core shaping as the web's charts.
  const rows = period.channel_statistics ?? [];
  const usage = Object.fromEntries(
    METRICS.map((one) => [one, usageChart(rows, data.days, one, quota.quotaPerUnit)]),
  ) as Record<UsageMetric, ReturnType<typeof usageChart>>;
  const redeemed = redemptionChart(period.redemption_statistics, data.days, quota.quotaPerUnit);
  const registered = registrationChart(period.user_statistics, data.days);
  const orders = orderChart(period.order_statistics, data.days);
  const sparks: [string, number[]][] = [
    [t('analytics.charts.spend', { value: usageText('spend', usage.spend.total) }), usage.spend.dayTotals],
    [
      t('analytics.charts.tokens', { value: usageText('tokens', usage.tokens.total) }),
      usage.tokens.dayTotals,
    ],
    [
      t('analytics.charts.requests', { value: usageText('requests', usage.requests.total) }),
      usage.requests.dayTotals,
    ],
    [t('analytics.charts.redemption', { value: `$${redeemed.total.toFixed(3)}` }), redeemed.dollars],
    [
      t('analytics.charts.registrations', { value: thousands(registered.total) }),
      registered.direct.map((count, index) => count + (registered.invited[index] ?? 0)),
    ],
    [t('analytics.charts.recharge', { value: `¥${orders.total.toFixed(2)}` }), orders.amounts],
  ];
  const sparkLabel = Math.min(
    Math.floor(width / 2),
    Math.max(...sparks.map(([label]) => displayWidth(label))),
  );
  const sparkWidth = Math.max(0, width - sparkLabel - 2);

  // The chosen metric per group, largest first, as many bars as the rows left allow.
  const chart = usage[metric];
  const items = chart.series.map((series) => {
    const total = series.values.reduce((sum, value) => sum + value, 0);
    const value = metric === 'spend' ? Math.round(total * 1000) / 1000 : total;
    return { label: series.name || '-', value, text: usageText(metric, value) };
  });
  // Title, 4 summary lines, the range line, the sparklines, the bars' title.
  const used = 1 + lines.length + 1 + sparks.length + 1;
  const room = Math.max(1, host.height - used);
  const bars = barChart(items.slice(0, room), { width, block: glyphs.bar, ellipsis: glyphs.ellipsis });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('nav.analytics')}</Text>
      {lines.map(([label, value, detail]) => (
        <Text key={label} wrap="truncate-end">
          {glyphs.text(`${fitCells(label, labelWidth)}  ${value.padStart(10)}  ${detail}`)}
        </Text>
      ))}
      <Text bold wrap="truncate-end">
        {glyphs.text(
          `${t('analytics.period.range', data.range)} · ${t('tui.analytics.days', {
            number: data.days.length,
          })} · ${t('analytics.period.group_by')}: ${t(`analytics.period.group.${data.group}`)}`,
        )}
      </Text>
      {sparks.map(([label, values]) => (
        <Text key={label} wrap="truncate-end">
          {`${glyphs.text(fitCells(label, sparkLabel, glyphs.ellipsis))}  ${sparklineIn(values, glyphs.spark, sparkWidth)}`}
        </Text>
      ))}
      <Text bold wrap="truncate-end">
        {glyphs.text(
          t('tui.analytics.bars', {
            metric: t(`tui.analytics.metric.${metric}`),
            group: t(`analytics.period.group.${data.group}`),
            more: items.length > room ? t('tui.analytics.more', { number: items.length - room }) : '',
          }),
        )}
      </Text>
      {bars.length === 0 ? <Text dimColor>{t('analytics.charts.no_data')}</Text> : null}
      {bars.map((line, index) => (
        <Text key={items[index]?.label ?? index} wrap="truncate-end">
          {glyphs.text(line)}
        </Text>
      ))}
    </Box>
  );
}
