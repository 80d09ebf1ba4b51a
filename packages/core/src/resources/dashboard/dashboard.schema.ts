import { z } from 'zod';

/** How many days before today the self dashboard covers (contract §1.4: last 7 days + today). */
export const DASHBOARD_PAST_DAYS = 7;

/** A statistics date: `YYYY-MM-DD` on every dialect (contract §0.5, quirk §6.19 fixed). */
export const statDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');

/** The longest range the dashboard's charts ask for: a year and a day (a leap year's whole span). */
export const DASHBOARD_MAX_RANGE_DAYS = 366;
/** Days the usage heatmap covers: today and the 364 before it, 52 whole weeks and a day. */
export const HEATMAP_DAYS = 365;

const DAY_MS = 86_400_000;
/** The UTC day number of a `YYYY-MM-DD` that names a real calendar day; undefined otherwise. */
export function dayNumber(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return undefined;
  return time / DAY_MS;
}

const dayField = z
  .string()
  .refine((text) => dayNumber(text) !== undefined, 'dashboard.validation.date_invalid')
  .optional();

/**
 * `GET /api/user/dashboard` query: an optional range of whole server-local days, both ends included
 * (gw's addition: one-hub always answers the last 7 days and today, which is still the default).
 */
export const dashboardQuerySchema = z
  .object({ start_date: dayField, end_date: dayField })
  .superRefine((query, ctx) => {
    if ((query.start_date === undefined) !== (query.end_date === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'dashboard.validation.range_both' });
      return;
    }
    const start = dayNumber(query.start_date ?? '');
    const end = dayNumber(query.end_date ?? '');
    if (start === undefined || end === undefined) return;
    if (start > end)
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'dashboard.validation.range_order' });
    else if (end - start + 1 > DASHBOARD_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'dashboard.validation.range_too_long' });
  });
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** One model's usage on one day, PascalCase on the wire (contract §3.3). */
export const dailyModelStatSchema = z.looseObject({
  Date: z.string(),
  ModelName: z.string().default(''),
  RequestCount: z.number().int().default(0),
  Quota: z.number().int().default(0),
  PromptTokens: z.number().int().default(0),
  CompletionTokens: z.number().int().default(0),
  RequestTime: z.number().int().default(0),
});
export type DailyModelStat = z.output<typeof dailyModelStatSchema>;

/** `GET /api/user/dashboard` reply; one-hub may send `null` for no rows. */
export const dailyModelStatListSchema = z
  .array(dailyModelStatSchema)
  .nullable()
  .transform((rows) => rows ?? []);

/** One day's totals of the caller's usage (`GET /api/user/dashboard/heatmap`, gw's addition). */
export const dailyUsageSchema = z.looseObject({
  date: z.string(),
  request_count: z.number().int().default(0),
  quota: z.number().int().default(0),
});
export type DailyUsage = z.output<typeof dailyUsageSchema>;

/** The heatmap reply: the days of the last year that have usage, oldest first. */
export const dailyUsageListSchema = z
  .array(dailyUsageSchema)
  .nullable()
  .transform((rows) => rows ?? []);

/** `GET /api/user/dashboard/rate` reply: requests in the last minute against the group's limit. */
export const dashboardRateSchema = z.looseObject({
  rpm: z.number().int().default(0),
  maxRPM: z.number().int().default(0),
  /** Percent of the limit used (0 when there is no limit). */
  usageRpmRate: z.number().default(0),
  tpm: z.number().int().default(0),
  maxTPM: z.number().int().default(0),
  usageTpmRate: z.number().default(0),
});
export type DashboardRate = z.output<typeof dashboardRateSchema>;

/** `usageRpmRate`: rpm as a percent of the limit, two decimals; 0 without a limit. */
export function rpmUsagePercent(rpm: number, maxRpm: number): number {
  if (maxRpm <= 0) return 0;
  return Math.round((rpm / maxRpm) * 10000) / 100;
}
