// Analytics (console-screens §8) for admins, in the terminal: the four summary cards core computes
// (analyticsSummary), then the period's charts from the same core series the web draws — spend,
// tokens and requests per day, redemptions, registrations and orders — as sparklines, and one usage
// metric per group (model type, model, channel) as a bar chart that fills the width; as many bars as
// the rows allow. `m` picks the metric, `b` the grouping, `d` the last 7, 14 or 30 days, `f` types a
// range and a user (checked by core's rule, as the web's filter); `r` reloads and `p` pauses the live
// refresh.
import {
  type ANALYTICS_GROUP_TYPES,
  type AnalyticsPeriod,
  type AnalyticsSummary,
  analyticsSummary,
  type DayRange,
  dayRangeRefusal,
  tidyDayRange,
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
  usageFigureText,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { TextInput } from '../../ui/text-input.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useLiveReload } from '../../kit/use-live-reload.js';
import { barChart, sparklineIn } from '../../ui/charts.js';

const BINDINGS = [
  { keys: 'm', labelKey: 'tui.analytics.keys.metric' },
  { keys: 'b', labelKey: 'tui.analytics.keys.group' },
  { keys: 'd', labelKey: 'tui.analytics.keys.days' },
  { keys: 'f', labelKey: 'tui.keys.filters' },
  { keys: 'r', labelKey: 'tui.keys.refresh' },
  { keys: 'p', labelKey: 'tui.keys.pause' },
];

/** The keys while the range and user are typed. */
const FILTER_BINDINGS = [
  { keys: 'Enter', labelKey: 'tui.keys.apply' },
  { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
  { keys: 'Esc', labelKey: 'tui.keys.cancel' },
];

/** The fields of the filter, in Tab order, with their labels (the web's). */
const FILTER_FIELDS = [
  ['start', 'analytics.period.start'],
  ['end', 'analytics.period.end'],
  ['user', 'analytics.period.user_id'],
] as const;
type FilterField = (typeof FILTER_FIELDS)[number][0];

type Group = (typeof ANALYTICS_GROUP_TYPES)[number];
/** The groupings in the order the console lists them (spec §8). */
const GROUPS: Group[] = ['model_type', 'model', 'channel'];
const METRICS: UsageMetric[] = ['spend', 'tokens', 'requests'];
const RANGES = [7, 14, 30];

/** A usage figure as the web's chart titles show it: dollars to 3 places, counts with separators. */

interface AnalyticsData {
  summary: AnalyticsSummary;
  period: AnalyticsPeriod;
  days: string[];
  /** What was asked for: the screen titles its charts by the data shown, not by a change still loading. */
  group: Group;
  range: DayRange;
  userId: number;
}

/** The site's totals and the period's charts. */
export function AnalyticsScreen() {
  const { t, glyphs, refreshSeconds, columns } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const [metric, setMetric] = useState<UsageMetric>('spend');
  const [group, setGroup] = useState<Group>('model_type');
  const [preset, setPreset] = useState(0);
  const [range, setRange] = useState<DayRange>(() => lastDaysRange(Date.now(), RANGES[0]));
  const [userId, setUserId] = useState(0);
  // The range and user being typed (`f`); the charts keep what was asked for until Enter applies it.
  const [filter, setFilter] = useState<{ values: Record<FilterField, string>; focus: FilterField }>();
  const [refusal, setRefusal] = useState<string>();
  const { data, refresh } = useLiveReload<AnalyticsData>(
    async () => {
      const [statistics, period] = await Promise.all([
        getAnalyticsStatistics(client),
        getAnalyticsPeriod(client, { ...rangeTimestamps(range), group_type: group, user_id: userId }),
      ]);
      return {
        summary: analyticsSummary(statistics),
        period,
        days: daysOfRange(range),
        group,
        range,
        userId,
      };
    },
    `${group}/${range.start}/${range.end}/${userId}`,
    { refreshSeconds, onError: host.notifyError, keys: host.active },
  );
  useScreenFrame(filter ? FILTER_BINDINGS : BINDINGS, filter !== undefined, refresh);
  const next = <T,>(list: readonly T[], value: T) => list[(list.indexOf(value) + 1) % list.length] ?? value;
  const apply = (values: Record<FilterField, string>) => {
    const asked = tidyDayRange({ start: values.start, end: values.end });
    // Core's rule, as the web's filter reads it; today is the local day.
    const refused = dayRangeRefusal(asked, lastDaysRange(Date.now(), 1).end);
    if (refused) return setRefusal(t(refused));
    setRefusal(undefined);
    setFilter(undefined);
    setRange(asked);
    setUserId(Math.max(0, Number.parseInt(values.user, 10) || 0));
  };
  useKeys((input, key) => {
    if (filter) {
      const index = FILTER_FIELDS.findIndex(([name]) => name === filter.focus);
      const step = key.tab && key.shift ? -1 : key.tab || key.downArrow ? 1 : key.upArrow ? -1 : 0;
      if (key.escape) {
        setRefusal(undefined);
        return setFilter(undefined);
      }
      if (key.return) return apply(filter.values);
      if (step !== 0)
        setFilter({
          ...filter,
          focus: FILTER_FIELDS[(index + step + FILTER_FIELDS.length) % FILTER_FIELDS.length]?.[0] ?? 'start',
        });
      return;
    }
    if (input === 'm') setMetric((value) => next(METRICS, value));
    else if (input === 'b') setGroup((value) => next(GROUPS, value));
    else if (input === 'd') {
      const following = (preset + 1) % RANGES.length;
      setPreset(following);
      setRange(lastDaysRange(Date.now(), RANGES[following]));
    } else if (input === 'f')
      setFilter({ values: { start: range.start, end: range.end, user: String(userId) }, focus: 'start' });
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
  const filterLabel = Math.max(...FILTER_FIELDS.map(([, labelKey]) => displayWidth(t(labelKey))));

  // The period's series, one sparkline each, from the same core shaping as the web's charts.
  const rows = period.channel_statistics ?? [];
  const usage = Object.fromEntries(
    METRICS.map((one) => [one, usageChart(rows, data.days, one, quota.quotaPerUnit)]),
  ) as Record<UsageMetric, ReturnType<typeof usageChart>>;
  const redeemed = redemptionChart(period.redemption_statistics, data.days, quota.quotaPerUnit);
  const registered = registrationChart(period.user_statistics, data.days);
  const orders = orderChart(period.order_statistics, data.days);
  const sparks: [string, number[]][] = [
    [
      t('analytics.charts.spend', { value: usageFigureText('spend', usage.spend.total) }),
      usage.spend.dayTotals,
    ],
    [
      t('analytics.charts.tokens', { value: usageFigureText('tokens', usage.tokens.total) }),
      usage.tokens.dayTotals,
    ],
    [
      t('analytics.charts.requests', { value: usageFigureText('requests', usage.requests.total) }),
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
  // Each group's total is core's, summed in points and shown once (not its rounded days added up).
  const items = chart.series.map((series) => ({
    label: series.name || '-',
    value: series.total,
    text: usageFigureText(metric, series.total),
  }));
  // Title, 4 summary lines, the range line, the sparklines, the bars' title.
  const used = 1 + lines.length + 1 + sparks.length + 1 + (filter ? FILTER_FIELDS.length + 1 : 0);
  const room = Math.max(1, host.height - used);
  const bars = barChart(items.slice(0, room), { width, block: glyphs.bar, ellipsis: glyphs.ellipsis });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('nav.analytics')}</Text>
      {filter ? (
        <Box flexDirection="column">
          {FILTER_FIELDS.map(([name, labelKey]) => (
            <Box key={name}>
              <Text color={filter.focus === name ? 'cyan' : undefined}>
                {`${filter.focus === name ? glyphs.pointer : ' '} ${fitCells(t(labelKey), filterLabel)}  `}
              </Text>
              <TextInput
                value={filter.values[name]}
                onChange={(value) => setFilter({ ...filter, values: { ...filter.values, [name]: value } })}
                focus={host.active && filter.focus === name}
              />
            </Box>
          ))}
          <Text color={refusal ? 'red' : undefined} dimColor={!refusal} wrap="truncate-end">
            {glyphs.text(refusal ?? t('tui.analytics.filter_hint'))}
          </Text>
        </Box>
      ) : null}
      {lines.map(([label, value, detail]) => (
        <Text key={label} wrap="truncate-end">
          {glyphs.text(`${fitCells(label, labelWidth)}  ${value.padStart(10)}  ${detail}`)}
        </Text>
      ))}
      <Text bold wrap="truncate-end">
        {glyphs.text(
          `${t('analytics.period.range', { ...data.range })} · ${t('tui.analytics.days', {
            count: data.days.length,
          })} · ${t('analytics.period.group_by')}: ${t(`analytics.period.group.${data.group}`)}${
            data.userId > 0 ? ` · ${t('tui.analytics.user', { id: data.userId })}` : ''
          }`,
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
