// Analytics rules (contract §1.16): site totals, per-day figures over a range grouped by model, model
// owner or channel, and per-user totals for a list of usernames.
import {
  type AnalyticsPeriod,
  type AnalyticsPeriodQuery,
  type AnalyticsStatistics,
  type MultiUserStatsQuery,
  nowSeconds,
  type PeriodUsage,
} from '@gw/core';
import { ApiFailure, fieldFailure } from '../../shared/api-failure.js';
import type { AnalyticsRepository, BucketUsage } from './analytics.repository.js';
import type { MultiUserRepository } from './multi-user.repository.js';

/**
 * Seams for the channels resource, composed in app.ts: channel counts per status for the totals, and
 * channel names for the period chart grouped by channel. Until channels exist: no rows, ids as names.
 */
export interface ChannelFacts {
  countsByStatus(): Promise<Array<{ total_channels: number; status: number }>>;
  names(ids: readonly number[]): Promise<ReadonlyMap<number, string>>;
}

/** The channel facts used until a channels table exists. */
export const noChannelFacts: ChannelFacts = {
  countsByStatus: async () => [],
  names: async () => new Map(),
};

const DEFAULT_PERIOD_DAYS = 7;
/** At most this many usernames per multi-user report. */
export const MULTI_USER_MAX = 100;

const pad = (value: number) => String(value).padStart(2, '0');

/** Unix seconds → the server-local `YYYY-MM-DD`. */
export function localDate(unixSeconds: number): string {
  const day = new Date(unixSeconds * 1000);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** `YYYY-MM-DD` → local midnight in unix seconds; undefined for an impossible date. */
export function localMidnight(date: string): number | undefined {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  const value = new Date(year, month - 1, day);
  if (value.getFullYear() !== year || value.getMonth() !== month - 1 || value.getDate() !== day)
    return undefined;
  return Math.floor(value.getTime() / 1000);
}

/** Adds up rows sharing a (date, key) pair; rows come back ordered by date, then key. */
function foldByDate<R>(
  rows: readonly R[],
  dateOf: (row: R) => string,
  keyOf: (row: R) => string,
  add: (into: R | undefined, row: R) => R,
): R[] {
  const merged = new Map<string, R>();
  for (const row of rows) {
    const id = `${dateOf(row)}\u0000${keyOf(row)}`;
    merged.set(id, add(merged.get(id), row));
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

function usageRows(rows: BucketUsage[], nameOf: (key: string) => string): PeriodUsage[] {
  const usage = rows.map((row) => ({
    Date: localDate(row.bucket),
    Channel: nameOf(row.key),
    RequestCount: row.requestCount,
    Quota: row.quota,
    PromptTokens: row.promptTokens,
    CompletionTokens: row.completionTokens,
    RequestTime: row.requestTime,
  }));
  return foldByDate(
    usage,
    (row) => row.Date,
    (row) => row.Channel,
    (into, row) =>
      into
        ? {
            ...into,
            RequestCount: into.RequestCount + row.RequestCount,
            Quota: into.Quota + row.Quota,
            PromptTokens: into.PromptTokens + row.PromptTokens,
            CompletionTokens: into.CompletionTokens + row.CompletionTokens,
            RequestTime: into.RequestTime + row.RequestTime,
          }
        : row,
  );
}

/** The analytics rules over the repositories and the channel seam. */
export function createAnalyticsService(
  analytics: AnalyticsRepository,
  multiUser: MultiUserRepository,
  channels: ChannelFacts = noChannelFacts,
) {
  async function channelUsage(query: AnalyticsPeriodQuery, start: number, end: number) {
    if (query.group_type === 'model' || query.group_type === 'model_type') {
      const rows = await analytics.usageByBucket(start, end, 'model_name', query.user_id);
      if (query.group_type === 'model') return usageRows(rows, (model) => model);
      const owners = await analytics.modelOwners();
      return usageRows(rows, (model) => owners.get(model) ?? 'unknown');
    }
    const rows = await analytics.usageByBucket(start, end, 'channel_id', query.user_id);
    const names = await channels.names([...new Set(rows.map((row) => Number(row.key)))]);
    return usageRows(rows, (id) => names.get(Number(id)) ?? id);
  }

  return {
    async statistics(): Promise<AnalyticsStatistics> {
      const [users, channelRows, redemptions, orders] = await Promise.all([
        analytics.userTotals(),
        channels.countsByStatus(),
        analytics.redemptionTotals(),
        analytics.orderTotals(),
      ]);
      return {
        user_statistics: users,
        channel_statistics: channelRows,
        redemption_statistic: redemptions,
        order_statistics: orders,
      };
    },
    /** Per-day figures in [start, end]; with no range, the last 7 days up to now. */
    async period(query: AnalyticsPeriodQuery): Promise<AnalyticsPeriod> {
      const end = query.end_timestamp || nowSeconds();
      const start = query.start_timestamp || end - DEFAULT_PERIOD_DAYS * 86_400;
      if (start > end) throw fieldFailure('start_timestamp', 'analytics.validation.range_invalid');
      const [users, usage, redemptions, orders] = await Promise.all([
        analytics.usersByBucket(start, end),
        channelUsage(query, start, end),
        analytics.redemptionsByBucket(start, end),
        analytics.ordersByBucket(start, end),
      ]);
      const userDays = foldByDate(
        users.map((row) => ({
          date: localDate(row.bucket),
          user_count: row.users,
          inviter_user_count: row.invited,
        })),
        (row) => row.date,
        () => '',
        (into, row) =>
          into
            ? {
                ...into,
                user_count: into.user_count + row.user_count,
                inviter_user_count: into.inviter_user_count + row.inviter_user_count,
              }
            : row,
      );
      const redeemers = new Map<string, Set<number>>();
      const redemptionDays = foldByDate(
        redemptions.map((row) => {
          const date = localDate(row.time);
          redeemers.set(date, (redeemers.get(date) ?? new Set()).add(row.userId));
          return { date, quota: row.quota, user_count: 0 };
        }),
        (row) => row.date,
        () => '',
        (into, row) => (into ? { ...into, quota: into.quota + row.quota } : row),
      ).map((row) => ({ ...row, user_count: redeemers.get(row.date)?.size ?? 0 }));
      const orderDays = foldByDate(
        orders.map((row) => ({ date: localDate(row.bucket), order_amount: row.amount })),
        (row) => row.date,
        () => '',
        (into, row) => (into ? { ...into, order_amount: into.order_amount + row.order_amount } : row),
      );
      return {
        user_statistics: userDays,
        channel_statistics: usage,
        redemption_statistics: redemptionDays,
        order_statistics: orderDays,
      };
    },
    /** Totals per user and per user and model over whole local days. */
    async multiUser(query: MultiUserStatsQuery) {
      const usernames = [
        ...new Set(
          query.usernames
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ];
      if (usernames.length === 0) throw fieldFailure('usernames', 'validation.required');
      if (usernames.length > MULTI_USER_MAX) {
        throw new ApiFailure('VALIDATION_FAILED', 'analytics.validation.too_many_users', {
          params: { max: MULTI_USER_MAX },
          fields: [
            {
              field: 'usernames',
              key: 'analytics.validation.too_many_users',
              message: 'analytics.validation.too_many_users',
              params: { max: MULTI_USER_MAX },
            },
          ],
        });
      }
      const start = localMidnight(query.start_time);
      const endDay = localMidnight(query.end_time);
      if (start === undefined) throw fieldFailure('start_time', 'analytics.validation.date_invalid');
      if (endDay === undefined) throw fieldFailure('end_time', 'analytics.validation.date_invalid');
      if (start > endDay) throw fieldFailure('start_time', 'analytics.validation.range_invalid');
      const [y, m, d] = query.end_time.split('-').map(Number);
      const end = Math.floor(new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1).getTime() / 1000) - 1;
      const [users, models] = await Promise.all([
        multiUser.totals(usernames, start, end),
        multiUser.modelUsage(usernames, start, end),
      ]);
      // Every asked-for user gets a row, in the order asked, even without usage.
      const byName = new Map(users.map((row) => [row.username, row]));
      const data = usernames.map(
        (username) =>
          byName.get(username) ?? {
            username,
            request_count: 0,
            quota: 0,
            prompt_tokens: 0,
            completion_tokens: 0,
            request_time: 0,
          },
      );
      return { data, model_usage: models };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
