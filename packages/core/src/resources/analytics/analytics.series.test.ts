import { describe, expect, it } from 'vitest';
import {
  analyticsPeriodSchema,
  analyticsStatisticsSchema,
  userModelUsageSchema,
  userUsageSchema,
} from './analytics.schema.js';
import {
  analyticsSummary,
  chartNumber,
  daysOfRange,
  isDayText,
  multiUserNames,
  dayRangeRefusal,
  tidyDayRange,
  multiUserQuery,
  lastDaysRange,
  modelCallSlices,
  multiUserDefaultRange,
  orderChart,
  rangeTimestamps,
  redemptionChart,
  registrationChart,
  usageChart,
  usageFigureText,
  userSpendBars,
} from './analytics.series.js';

const NOW = new Date(2026, 10, 25, 15, 30).getTime();
const PER_UNIT = 500_000;

// A real-shaped period reply (PascalCase usage rows, one part null as one-hub may send).
const period = analyticsPeriodSchema.parse({
  user_statistics: [
    { date: '2026-11-20', user_count: 3, inviter_user_count: 1 },
    { date: '2026-11-25', user_count: 2, inviter_user_count: 0 },
  ],
  channel_statistics: [
    {
      Date: '2026-11-24',
      Channel: 'gpt-4o',
      RequestCount: 2,
      Quota: 250_001,
      PromptTokens: 10,
      CompletionTokens: 5,
      RequestTime: 300,
    },
    {
      Date: '2026-11-25',
      Channel: 'gpt-4o',
      RequestCount: 1,
      Quota: 250_000,
      PromptTokens: 7,
      CompletionTokens: 3,
      RequestTime: 100,
    },
    {
      Date: '2026-11-25',
      Channel: 'claude',
      RequestCount: 4,
      Quota: 1_000_000,
      PromptTokens: 40,
      CompletionTokens: 60,
      RequestTime: 900,
    },
    {
      Date: '2026-10-01',
      Channel: 'old',
      RequestCount: 9,
      Quota: 9,
      PromptTokens: 9,
      CompletionTokens: 9,
      RequestTime: 9,
    },
  ],
  redemption_statistics: [{ date: '2026-11-22', quota: 1_500_000, user_count: 2 }],
  order_statistics: null,
});

describe('analytics date ranges', () => {
  it('defaults to the last 7 calendar days with today, and the multi-user report to 30 days back', () => {
    expect(lastDaysRange(NOW)).toEqual({ start: '2026-11-19', end: '2026-11-25' });
    expect(daysOfRange(lastDaysRange(NOW))).toHaveLength(7);
    expect(multiUserDefaultRange(NOW)).toEqual({ start: '2026-10-26', end: '2026-11-25' });
  });

  it('turns a day range into the first and last second of its days, and lists no day when reversed', () => {
    const { start_timestamp, end_timestamp } = rangeTimestamps({ start: '2026-11-24', end: '2026-11-25' });
    expect(end_timestamp - start_timestamp).toBe(2 * 86_400 - 1);
    expect(new Date(start_timestamp * 1000).getHours()).toBe(0);
    expect(daysOfRange({ start: '2026-11-25', end: '2026-11-24' })).toEqual([]);
    expect(isDayText('2026-02-30')).toBe(false);
    expect(isDayText('2026-02-28')).toBe(true);
  });
});

describe('usage charts from period rows', () => {
  const days = daysOfRange(lastDaysRange(NOW));

  it('sums spend per day and model in points, then dollars to 3 dp, largest series first', () => {
    const chart = usageChart(period.channel_statistics ?? [], days, 'spend', PER_UNIT);
    expect(chart.series.map((series) => series.name)).toEqual(['claude', 'gpt-4o']);
    expect(chart.series[0]?.values.at(-1)).toBe(2);
    expect(chart.series[1]?.values.slice(-2)).toEqual([0.5, 0.5]);
    // 250 001 + 250 000 + 1 000 000 points = $3.000002 → 3.000; the out-of-range row is left out.
    expect(chart.total).toBe(3);
    expect(chart.dayTotals.slice(-2)).toEqual([0.5, 2.5]);
  });

  it('totals each group over the range in points and shows it once, not as a sum of rounded days', () => {
    // 300 points a day on each of the 7 days ($0.0006, shown as 0.001 a day): the group spent 2 100
    // points = $0.0042 → $0.004. Adding the rounded days would say $0.007.
    const rows = days.map((day) => ({
      Date: day,
      Channel: 'gpt-4o-mini',
      Quota: 300,
      PromptTokens: 1_000,
      CompletionTokens: 500,
      RequestCount: 1,
      RequestTime: 0,
    }));
    const chart = usageChart(rows, days, 'spend', PER_UNIT);
    expect(chart.series[0]?.values).toEqual(days.map(() => 0.001));
    expect(chart.series[0]?.total).toBe(0.004);
    // What the terminal's bars used to show (the rounded days added up) is off by three tenths of a cent.
    const roundedDaysAdded = (chart.series[0]?.values ?? []).reduce((sum, value) => sum + value, 0);
    expect(Math.round(roundedDaysAdded * 1000) / 1000).toBe(0.007);
    expect(usageFigureText('spend', chart.series[0]?.total ?? 0)).toBe('$0.004');
    expect(chart.total).toBe(0.004);
    // Each group of the fixture too: claude 1 000 000 points = $2, gpt-4o 500 001 points = $1.000002.
    const fixture = usageChart(period.channel_statistics ?? [], days, 'spend', PER_UNIT);
    expect(fixture.series.map((series) => series.total)).toEqual([2, 1]);
    const tokens = usageChart(rows, days, 'tokens', PER_UNIT);
    expect(tokens.series[0]?.total).toBe(10_500);
    expect(usageFigureText('tokens', tokens.series[0]?.total ?? 0)).toBe('10,500');
  });

  it('adds prompt and completion tokens, and counts requests', () => {
    const tokens = usageChart(period.channel_statistics ?? [], days, 'tokens', PER_UNIT);
    expect(tokens.total).toBe(125);
    expect(tokens.dayTotals).toEqual([0, 0, 0, 0, 0, 15, 110]);
    const requests = usageChart(period.channel_statistics ?? [], days, 'requests', PER_UNIT);
    expect(requests.total).toBe(7);
  });

  it('shapes redemptions, registrations and orders with zeros on quiet days and null parts', () => {
    const redeemed = redemptionChart(period.redemption_statistics, days, PER_UNIT);
    expect(redeemed.dollars).toEqual([0, 0, 0, 3, 0, 0, 0]);
    expect(redeemed.users[3]).toBe(2);
    expect(redeemed.total).toBe(3);
    const registered = registrationChart(period.user_statistics, days);
    expect(registered.direct).toEqual([0, 2, 0, 0, 0, 0, 2]);
    expect(registered.invited).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(registered.total).toBe(5);
    const orders = orderChart(period.order_statistics, days);
    expect(orders.total).toBe(0);
    expect(
      orderChart(
        [
          { date: '2026-11-25', order_amount: 0.1 },
          { date: '2026-11-25', order_amount: 0.2 },
        ],
        days,
      ).total,
    ).toBe(0.3);
  });
});

describe('analytics summary cards', () => {
  it('counts users, channels by status and recharge by codes and orders per currency', () => {
    const statistics = analyticsStatisticsSchema.parse({
      user_statistics: { total_quota: 900, total_used_quota: 100, total_user: 5, total_inviter_user: 2 },
      channel_statistics: [
        { total_channels: 3, status: 1 },
        { total_channels: 1, status: 2 },
        { total_channels: 2, status: 3 },
      ],
      redemption_statistic: [
        { count: 2, quota: 1000, status: 3 },
        { count: 1, quota: 50, status: 1 },
      ],
      order_statistics: [
        { quota: 500, money: 10.1, order_currency: 'CNY' },
        { quota: 300, money: 0.2, order_currency: 'CNY' },
        { quota: 700, money: 1, order_currency: 'USD' },
      ],
    });
    const summary = analyticsSummary(statistics);
    expect(summary).toMatchObject({
      usedQuota: 100,
      balanceQuota: 900,
      users: 5,
      directUsers: 3,
      invitedUsers: 2,
    });
    expect(summary.channels).toEqual({ total: 6, active: 3, disabled: 1, testDisabled: 2 });
    expect(summary.rechargeQuota).toBe(2500);
    expect(summary.paid).toEqual([
      { currency: 'CNY', amount: 10.3 },
      { currency: 'USD', amount: 1 },
    ]);
    expect(analyticsSummary(analyticsStatisticsSchema.parse({})).users).toBe(0);
  });
});

describe('multi-user report charts', () => {
  it('gives each user spend in dollars (6 dp) and the donut of user – model calls, largest first', () => {
    const users = [
      userUsageSchema.parse({ username: 'ann', request_count: 3, quota: 1_234_567 }),
      userUsageSchema.parse({ username: 'bob', request_count: 1, quota: 1 }),
    ];
    const bars = userSpendBars(users, PER_UNIT);
    expect(bars.values).toEqual([2.469134, 0.000002]);
    expect(bars.total).toBe(2.469136);
    const slices = modelCallSlices([
      userModelUsageSchema.parse({ username: 'bob', model_name: 'm1', request_count: 1 }),
      userModelUsageSchema.parse({ username: 'ann', model_name: 'm2', request_count: 3 }),
      userModelUsageSchema.parse({ username: 'ann', model_name: 'm3', request_count: 0 }),
    ]);
    expect(slices).toEqual({ labels: ['ann – m2', 'bob – m1'], values: [3, 1], total: 4 });
  });

  it('prints chart numbers shortened above a thousand', () => {
    expect(chartNumber(1234)).toBe('1.2k');
    expect(chartNumber(1.23456, 3)).toBe('1.235');
    expect(chartNumber(0.00001, 3)).toBe('0');
  });
});

describe('the multi-user report query', () => {
  it('reads names split at ASCII or full-width commas, trimmed, without blanks or repeats', () => {
    expect(multiUserNames(' ann, bob,,ann，carol ')).toEqual(['ann', 'bob', 'carol']);
    expect(multiUserNames(' , ')).toEqual([]);
  });

  it('refuses no names, a bad or reversed range and a future end, naming why', () => {
    const range = { start: '2026-01-01', end: '2026-01-31' };
    expect(multiUserQuery('ann,bob', range, '2026-02-01')).toEqual({
      query: { usernames: ['ann', 'bob'], start_time: '2026-01-01', end_time: '2026-01-31' },
    });
    expect(multiUserQuery(' , ', range, '2026-02-01')).toEqual({
      errorKey: 'analytics.multi.usernames_required',
    });
    expect(multiUserQuery('ann', { start: '2026-02-30', end: '2026-03-01' }, '2026-04-01')).toEqual({
      errorKey: 'analytics.period.range_invalid',
    });
    expect(multiUserQuery('ann', { start: '2026-01-31', end: '2026-01-01' }, '2026-04-01')).toEqual({
      errorKey: 'analytics.period.range_invalid',
    });
    expect(multiUserQuery('ann', range, '2026-01-15')).toEqual({ errorKey: 'analytics.period.future' });
  });

  it('reads an analytics range by the same rule: real days, in order, none in the future', () => {
    expect(dayRangeRefusal({ start: ' 2026-01-01', end: '2026-01-01 ' }, '2026-01-01')).toBeUndefined();
    // A day typed another common way is read as the field tidies it; one that is no day is refused.
    expect(dayRangeRefusal({ start: '2026/1/1', end: '2026-1-2' }, '2026-02-01')).toBeUndefined();
    expect(tidyDayRange({ start: '2026/1/1', end: ' 2026-1-2 ' })).toEqual({
      start: '2026-01-01',
      end: '2026-01-02',
    });
    expect(dayRangeRefusal({ start: '2026-13-01', end: '2026-01-02' }, '2026-02-01')).toBe(
      'analytics.period.range_invalid',
    );
    expect(dayRangeRefusal({ start: '2026-02-30', end: '2026-03-02' }, '2026-04-01')).toBe(
      'analytics.period.range_invalid',
    );
    expect(dayRangeRefusal({ start: '2026-01-03', end: '2026-01-02' }, '2026-02-01')).toBe(
      'analytics.period.range_invalid',
    );
    expect(dayRangeRefusal({ start: '2026-01-01', end: '2026-01-02' }, '2026-01-01')).toBe(
      'analytics.period.future',
    );
  });
});
