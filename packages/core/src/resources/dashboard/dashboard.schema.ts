import { z } from 'zod';

/** How many days before today the self dashboard covers (contract §1.4: last 7 days + today). */
export const DASHBOARD_PAST_DAYS = 7;

/** A statistics date: `YYYY-MM-DD` on every dialect (contract §0.5, quirk §6.19 fixed). */
export const statDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');

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
