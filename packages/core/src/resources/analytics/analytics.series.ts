// Chart data of the analytics screens (console-screens §8, §9) shaped from the API's rows, face-neutral:
// the web draws these as stacked bars, the TUI as sparklines, and both show the same numbers.
import dayjs from 'dayjs';
import { moneyFromQuota } from '../../money/decimal.js';
import { thousands } from '../../format/quota.js';
import { normalizeDay } from '../../format/time.js';
import type {
  AnalyticsPeriod,
  AnalyticsStatistics,
  PeriodUsage,
  UserModelUsage,
  UserUsage,
} from './analytics.schema.js';
import { channelCounts, redemptionCounts } from './analytics.schema.js';

/** The analytics screen's default range: the last 7 calendar days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 7;
/** The multi-user report's default range starts 30 days before today. */
export const MULTI_USER_DEFAULT_DAYS_BACK = 30;
/** Digits of the dollar figures on the usage charts (spec §8: "$, 3 dp"). */
export const CHART_MONEY_DIGITS = 3;
/** Digits of a user's spend on the multi-user cards (spec §9: "$ (6 dp)"). */
export const USER_SPEND_DIGITS = 6;

const DAY = 'YYYY-MM-DD';

/** A range of whole local calendar days, both ends `YYYY-MM-DD` and included. */
export interface DayRange {
  start: string;
  end: string;
}

/** The last `days` calendar days ending on the day of `now` (ms). */
export function lastDaysRange(now: number, days = ANALYTICS_DEFAULT_DAYS): DayRange {
  const today = dayjs(now).startOf('day');
  return { start: today.subtract(days - 1, 'day').format(DAY), end: today.format(DAY) };
}

/** The multi-user report's default: from 30 days before today to today. */
export function multiUserDefaultRange(now: number): DayRange {
  const today = dayjs(now).startOf('day');
  return { start: today.subtract(MULTI_USER_DEFAULT_DAYS_BACK, 'day').format(DAY), end: today.format(DAY) };
}

/** True when `text` is a real `YYYY-MM-DD` date. */
export function isDayText(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format(DAY) === text;
}

/**
 * Why a typed day range cannot be asked for (the i18n key), or undefined when it can: both ends real
 * `YYYY-MM-DD` days, the start not after the end, the end not after `today` (spec §8, §9). The one
 * rule of the analytics and multi-user ranges, for every face.
 */
export function dayRangeRefusal(range: DayRange, today: string): string | undefined {
  const { start, end } = tidyDayRange(range);
  if (!isDayText(start) || !isDayText(end) || start > end) return 'analytics.period.range_invalid';
  if (end > today) return 'analytics.period.future';
  return undefined;
}

/**
 * A range as typed, each day tidied to `YYYY-MM-DD` where it reads as one (`2026/3/5` → `2026-03-05`), so
 * a range sent straight from the keyboard (Enter before the field tidied it) means what was typed.
 */
export function tidyDayRange(range: DayRange): DayRange {
  return {
    start: normalizeDay(range.start) ?? range.start.trim(),
    end: normalizeDay(range.end) ?? range.end.trim(),
  };
}

/** A range's bounds in unix seconds: the start day's first second to the end day's last. */
export function rangeTimestamps(range: DayRange): { start_timestamp: number; end_timestamp: number } {
  return {
    start_timestamp: dayjs(range.start).startOf('day').unix(),
    end_timestamp: dayjs(range.end).endOf('day').unix(),
  };
}

/** Every day of a range in order (empty when the start is after the end). */
export function daysOfRange(range: DayRange): string[] {
  const days: string[] = [];
  const last = dayjs(range.end);
  for (let day = dayjs(range.start); !day.isAfter(last, 'day'); day = day.add(1, 'day')) {
    days.push(day.format(DAY));
  }
  return days;
}

/** Quota points as dollars, a number with `digits` decimals (the decimal maths of `moneyFromQuota`). */
export function quotaDollars(quota: number, quotaPerUnit: number, digits = CHART_MONEY_DIGITS): number {
  return Number(moneyFromQuota(quota, quotaPerUnit, digits));
}

/** One named line of figures, one value per day (or per bar). */
export interface ChartSeries {
  name: string;
  values: number[];
}

/** One group's line of a stacked chart, with its whole range's total. */
export interface StackedSeries extends ChartSeries {
  /**
   * The group's total over the range, summed in whole units (quota points for spend) and shown once:
   * not the sum of its rounded per-day figures, which drifts by up to half a unit a day.
   */
  total: number;
}

/** Stacked bars per day: one series per group key, the sum of each day, and the whole range's total. */
export interface StackedChart {
  days: string[];
  series: StackedSeries[];
  dayTotals: number[];
  total: number;
}

/** A usage figure as the charts write it: spend as `$` with 3 decimals, counts with thousands commas. */
export function usageFigureText(metric: UsageMetric, value: number): string {
  return metric === 'spend' ? `$${value.toFixed(CHART_MONEY_DIGITS)}` : thousands(value);
}

/** What a usage chart adds up: spend in dollars, prompt + completion tokens, or requests. */
export type UsageMetric = 'spend' | 'tokens' | 'requests';

const usageAmount: Record<UsageMetric, (row: PeriodUsage) => number> = {
  spend: (row) => row.Quota,
  tokens: (row) => row.PromptTokens + row.CompletionTokens,
  requests: (row) => row.RequestCount,
};

/**
 * A usage chart from `/api/analytics/period` rows: per day and group key (`Channel`: the model, owner or
 * channel name). Spend is summed in whole quota points first and turned into dollars once per figure
 * (a day's bar, a group's total over the range, the range's total), so each agrees with the ledger to
 * the cent. Series largest first.
 */
export function usageChart(
  rows: readonly PeriodUsage[],
  days: readonly string[],
  metric: UsageMetric,
  quotaPerUnit: number,
): StackedChart {
  const index = new Map(days.map((day, position) => [day, position]));
  const sums = new Map<string, number[]>();
  for (const row of rows) {
    const position = index.get(row.Date);
    if (position === undefined) continue;
    const values = sums.get(row.Channel) ?? days.map(() => 0);
    values[position] = (values[position] ?? 0) + usageAmount[metric](row);
    sums.set(row.Channel, values);
  }
  const shown = (amount: number) => (metric === 'spend' ? quotaDollars(amount, quotaPerUnit) : amount);
  const raw = [...sums.entries()].map(([name, values]) => ({ name, values, sum: sumOf(values) }));
  raw.sort((a, b) => b.sum - a.sum || a.name.localeCompare(b.name));
  const dayRaw = days.map((_, position) => sumOf(raw.map((entry) => entry.values[position] ?? 0)));
  return {
    days: [...days],
    series: raw.map((entry) => ({
      name: entry.name,
      values: entry.values.map(shown),
      total: shown(entry.sum),
    })),
    dayTotals: dayRaw.map(shown),
    total: shown(sumOf(dayRaw)),
  };
}

/** The redemption chart: dollars redeemed per day (bars) and distinct redeeming users (line). */
export interface RedemptionChart {
  days: string[];
  dollars: number[];
  users: number[];
  total: number;
}

export function redemptionChart(
  rows: AnalyticsPeriod['redemption_statistics'],
  days: readonly string[],
  quotaPerUnit: number,
): RedemptionChart {
  const quota = perDay(
    rows ?? [],
    days,
    (row) => row.date,
    (row) => row.quota,
  );
  return {
    days: [...days],
    dollars: quota.map((amount) => quotaDollars(amount, quotaPerUnit)),
    users: perDay(
      rows ?? [],
      days,
      (row) => row.date,
      (row) => row.user_count,
    ),
    total: quotaDollars(sumOf(quota), quotaPerUnit),
  };
}

/** Registrations per day, split into direct and invited sign-ups. */
export interface RegistrationChart {
  days: string[];
  direct: number[];
  invited: number[];
  total: number;
}

export function registrationChart(
  rows: AnalyticsPeriod['user_statistics'],
  days: readonly string[],
): RegistrationChart {
  const all = perDay(
    rows ?? [],
    days,
    (row) => row.date,
    (row) => row.user_count,
  );
  const invited = perDay(
    rows ?? [],
    days,
    (row) => row.date,
    (row) => row.inviter_user_count,
  );
  return {
    days: [...days],
    direct: all.map((count, position) => count - (invited[position] ?? 0)),
    invited,
    total: sumOf(all),
  };
}

/** Order amounts per day (yuan, as the orders are paid) and the range's total, to the fen. */
export interface OrderChart {
  days: string[];
  amounts: number[];
  total: number;
}

export function orderChart(rows: AnalyticsPeriod['order_statistics'], days: readonly string[]): OrderChart {
  const fen = perDay(
    rows ?? [],
    days,
    (row) => row.date,
    (row) => Math.round(row.order_amount * 100),
  );
  return { days: [...days], amounts: fen.map((amount) => amount / 100), total: sumOf(fen) / 100 };
}

/** The four summary cards of the analytics screen, quota still in points for the face to render. */
export interface AnalyticsSummary {
  usedQuota: number;
  balanceQuota: number;
  users: number;
  directUsers: number;
  invitedUsers: number;
  channels: { total: number; active: number; disabled: number; testDisabled: number };
  /** Quota recharged through used codes plus successful orders. */
  rechargeQuota: number;
  redeemedQuota: number;
  orderQuota: number;
  /** Money paid per order currency, largest first. */
  paid: { currency: string; amount: number }[];
}

export function analyticsSummary(statistics: AnalyticsStatistics): AnalyticsSummary {
  const users = statistics.user_statistics;
  const channels = channelCounts(statistics);
  const codes = redemptionCounts(statistics);
  const orders = statistics.order_statistics ?? [];
  const paid = new Map<string, number>();
  for (const order of orders) {
    paid.set(order.order_currency, (paid.get(order.order_currency) ?? 0) + Math.round(order.money * 100));
  }
  const orderQuota = sumOf(orders.map((order) => order.quota));
  const totalUsers = users?.total_user ?? 0;
  const invitedUsers = users?.total_inviter_user ?? 0;
  return {
    usedQuota: users?.total_used_quota ?? 0,
    balanceQuota: users?.total_quota ?? 0,
    users: totalUsers,
    directUsers: totalUsers - invitedUsers,
    invitedUsers,
    channels: {
      ...channels,
      total: sumOf((statistics.channel_statistics ?? []).map((row) => row.total_channels)),
    },
    rechargeQuota: codes.used.quota + orderQuota,
    redeemedQuota: codes.used.quota,
    orderQuota,
    paid: [...paid.entries()]
      .map(([currency, fen]) => ({ currency, amount: fen / 100 }))
      .sort((a, b) => b.amount - a.amount),
  };
}

/** Bars of one figure per user (the multi-user report's "spend per user"). */
export interface UserBars {
  users: string[];
  values: number[];
  total: number;
}

/** Each user's spend in dollars (6 dp) and the report's total, summed in points first. */
export function userSpendBars(rows: readonly UserUsage[], quotaPerUnit: number): UserBars {
  return {
    users: rows.map((row) => row.username),
    values: rows.map((row) => quotaDollars(row.quota, quotaPerUnit, USER_SPEND_DIGITS)),
    total: quotaDollars(sumOf(rows.map((row) => row.quota)), quotaPerUnit, USER_SPEND_DIGITS),
  };
}

/** Slices of the "model calls by user – model" donut, largest first, with the total in its centre. */
export interface DonutSlices {
  labels: string[];
  values: number[];
  total: number;
}

export function modelCallSlices(rows: readonly UserModelUsage[]): DonutSlices {
  const sorted = [...rows]
    .filter((row) => row.request_count > 0)
    .sort((a, b) => b.request_count - a.request_count);
  return {
    labels: sorted.map((row) => `${row.username} – ${row.model_name}`),
    values: sorted.map((row) => row.request_count),
    total: sumOf(sorted.map((row) => row.request_count)),
  };
}

/** A chart's axis and bar label (spec §0.6): ≥1000 → `x.xk`, else `digits` decimals, ~0 → `0`. */
export function chartNumber(value: number, digits = 0): string {
  if (Math.abs(value) >= 1000) return `${(value / 1000).toFixed(1)}k`;
  if (Math.abs(value) < 10 ** -(digits + 1)) return '0';
  return value.toFixed(digits);
}

function perDay<Row>(
  rows: readonly Row[],
  days: readonly string[],
  dayOf: (row: Row) => string,
  amountOf: (row: Row) => number,
): number[] {
  const index = new Map(days.map((day, position) => [day, position]));
  const values = days.map(() => 0);
  for (const row of rows) {
    const position = index.get(dayOf(row));
    if (position !== undefined) values[position] = (values[position] ?? 0) + amountOf(row);
  }
  return values;
}

function sumOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

// --- The multi-user report's query, as the web and the terminal read what was typed ---

/** Names from the report's comma-separated field (ASCII or full-width commas): trimmed, blanks and repeats dropped. */
export function multiUserNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** The multi-user report's query (`getMultiUserStats`, `exportMultiUserStats`). */
export interface MultiUserQuery {
  usernames: string[];
  start_time: string;
  end_time: string;
}

/**
 * The report's query from the typed names and range, or the message key of why not: no names, a
 * day that is no `YYYY-MM-DD` date or a start after the end, an end after `today` (the web's date
 * fields stop at today).
 */
export function multiUserQuery(
  names: string,
  range: DayRange,
  today: string,
): { query: MultiUserQuery } | { errorKey: string } {
  const usernames = multiUserNames(names);
  if (usernames.length === 0) return { errorKey: 'analytics.multi.usernames_required' };
  const refusal = dayRangeRefusal(range, today);
  if (refusal) return { errorKey: refusal };
  const { start, end } = tidyDayRange(range);
  return { query: { usernames, start_time: start, end_time: end } };
}
