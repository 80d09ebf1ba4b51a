import { z } from 'zod';

/** A list part of an analytics reply: one-hub sends `null` when a part failed or is empty (quirk §6.15). */
function part<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((rows) => rows ?? null);
}

const int = z.number().int().default(0);

/** `GET /api/analytics/statistics` reply: site totals for the analytics screen (contract §1.16). */
export const analyticsStatisticsSchema = z.looseObject({
  user_statistics: z
    .looseObject({ total_quota: int, total_used_quota: int, total_user: int, total_inviter_user: int })
    .nullish()
    .transform((value) => value ?? null),
  channel_statistics: part(z.looseObject({ total_channels: int, status: int })),
  redemption_statistic: part(z.looseObject({ count: int, quota: int, status: int })),
  order_statistics: part(
    z.looseObject({ quota: int, money: z.number().default(0), order_currency: z.string().default('') }),
  ),
});
export type AnalyticsStatistics = z.output<typeof analyticsStatisticsSchema>;

/** Analytics `group_type`: by model, by model owner, anything else by channel (contract §4.6). */
export const ANALYTICS_GROUP_TYPES = ['model', 'model_type', 'channel'] as const;

/** `GET /api/analytics/period` query: a time range in unix seconds and how usage is grouped. */
export const analyticsPeriodQuerySchema = z.object({
  start_timestamp: z.coerce
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .default(0),
  end_timestamp: z.coerce
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .default(0),
  group_type: z.string().max(32, 'validation.too_long').default('channel'),
  user_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ message: 'validation.integer' }).int('validation.integer').min(0).default(0),
  ),
});
export type AnalyticsPeriodQuery = z.output<typeof analyticsPeriodQuerySchema>;

/** One day of usage for one model / owner / channel, PascalCase like `DailyModelStat`. */
export const periodUsageSchema = z.looseObject({
  Date: z.string(),
  Channel: z.string().default(''),
  RequestCount: int,
  Quota: int,
  PromptTokens: int,
  CompletionTokens: int,
  RequestTime: int,
});
export type PeriodUsage = z.output<typeof periodUsageSchema>;

/** `GET /api/analytics/period` reply; dates are `YYYY-MM-DD`. */
export const analyticsPeriodSchema = z.looseObject({
  user_statistics: part(z.looseObject({ date: z.string(), user_count: int, inviter_user_count: int })),
  channel_statistics: part(periodUsageSchema),
  redemption_statistics: part(z.looseObject({ date: z.string(), quota: int, user_count: int })),
  order_statistics: part(z.looseObject({ date: z.string(), order_amount: z.number().default(0) })),
});
export type AnalyticsPeriod = z.output<typeof analyticsPeriodSchema>;

/** Channel status numbers (contract §4.2) the analytics screen counts. */
const CHANNEL_ENABLED = 1;
const CHANNEL_MANUALLY_DISABLED = 2;
const CHANNEL_AUTO_DISABLED = 3;
const REDEMPTION_UNUSED = 1;
const REDEMPTION_USED = 3;

/** The analytics screen's channel counts: active, disabled (by hand) and disabled by a test. */
export function channelCounts(statistics: AnalyticsStatistics) {
  const count = (status: number) =>
    (statistics.channel_statistics ?? [])
      .filter((row) => row.status === status)
      .reduce((sum, row) => sum + row.total_channels, 0);
  return {
    active: count(CHANNEL_ENABLED),
    disabled: count(CHANNEL_MANUALLY_DISABLED),
    testDisabled: count(CHANNEL_AUTO_DISABLED),
  };
}

/** The analytics screen's redemption counts: used and unused codes with their quota. */
export function redemptionCounts(statistics: AnalyticsStatistics) {
  const of = (status: number) => {
    const rows = (statistics.redemption_statistic ?? []).filter((row) => row.status === status);
    return {
      count: rows.reduce((sum, row) => sum + row.count, 0),
      quota: rows.reduce((sum, row) => sum + row.quota, 0),
    };
  };
  return { used: of(REDEMPTION_USED), unused: of(REDEMPTION_UNUSED) };
}

/** `GET /api/analytics/multi_user_stats` query: comma-separated usernames and a `YYYY-MM-DD` range. */
export const multiUserStatsQuerySchema = z.object({
  usernames: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(4096, 'validation.too_long'),
  start_time: z
    .string({ message: 'validation.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'analytics.validation.date_invalid'),
  end_time: z
    .string({ message: 'validation.required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'analytics.validation.date_invalid'),
});
export type MultiUserStatsQuery = z.output<typeof multiUserStatsQuerySchema>;

/** One user's totals in a multi-user report. */
export const userUsageSchema = z.looseObject({
  username: z.string(),
  request_count: int,
  quota: int,
  prompt_tokens: int,
  completion_tokens: int,
  request_time: int,
});
export type UserUsage = z.output<typeof userUsageSchema>;

/** One user's requests to one model in a multi-user report (the reply's top-level `model_usage`). */
export const userModelUsageSchema = z.looseObject({
  username: z.string(),
  model_name: z.string().default(''),
  request_count: int,
});
export type UserModelUsage = z.output<typeof userModelUsageSchema>;

/** The CSV header of the multi-user export (contract §1.16). */
export const MULTI_USER_CSV_HEADER =
  'Username,Request Count,Quota,Prompt Tokens,Completion Tokens,Request Time (ms)';
