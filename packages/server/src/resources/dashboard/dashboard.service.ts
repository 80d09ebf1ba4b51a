// The self dashboard (contract §1.4, §3.3): per-day, per-model usage of the last 7 days and today, and
// the caller's request rate against their group's limit.
import {
  type DailyModelStat,
  type DailyUsage,
  type DashboardQuery,
  DASHBOARD_PAST_DAYS,
  HEATMAP_DAYS,
  type DashboardRate,
  nowSeconds,
  rpmUsagePercent,
} from '@gw/core';
import type { AuthUser } from '../../shared/auth-user.js';
import type { DashboardRepository } from './dashboard.repository.js';

/**
 * Seam for user groups: the requests-per-minute limit (`api_rate`) of a group symbol, 0 for none.
 * Composed in app.ts from the groups resource once it exists.
 */
export type GroupRateLookup = (groupSymbol: string) => Promise<number>;

/** The lookup used until groups exist: no group has a limit. */
export const noGroupRates: GroupRateLookup = async () => 0;

const pad = (value: number) => String(value).padStart(2, '0');

/** Local midnights from `pastDays` days ago up to the end of today (pastDays + 2 boundaries). */
export function dayBoundaries(now: number, pastDays: number): { starts: number[]; dates: string[] } {
  const today = new Date(now * 1000);
  const starts: number[] = [];
  const dates: string[] = [];
  for (let offset = pastDays; offset >= -1; offset -= 1) {
    // The Date constructor normalises day underflow and lands on local midnight across DST changes.
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - offset);
    starts.push(Math.floor(day.getTime() / 1000));
    if (offset >= 0) dates.push(localDate(day));
  }
  return { starts, dates };
}

const localDate = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

/**
 * Local midnights of the whole days `start`..`end` (`YYYY-MM-DD`, both included) and the midnight
 * after the last (days + 1 boundaries), with the days' dates.
 */
export function rangeBoundaries(start: string, end: string): { starts: number[]; dates: string[] } {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const starts: number[] = [];
  const dates: string[] = [];
  for (let offset = 0; ; offset += 1) {
    const midnight = new Date(year, month - 1, day + offset);
    starts.push(Math.floor(midnight.getTime() / 1000));
    const date = localDate(midnight);
    if (date > end) break;
    dates.push(date);
  }
  return { starts, dates };
}

/** The dashboard rules over a repository and the group-rate seam. */
export function createDashboardService(
  repository: DashboardRepository,
  groupRate: GroupRateLookup = noGroupRates,
) {
  return {
    /** The caller's daily model statistics, oldest day first, models by name within a day. */
    async dailyModelStats(
      caller: AuthUser,
      query: DashboardQuery = {},
      now = nowSeconds(),
    ): Promise<DailyModelStat[]> {
      // The schema has checked that both ends are days in order and at most a year apart.
      const { starts, dates } =
        query.start_date && query.end_date
          ? rangeBoundaries(query.start_date, query.end_date)
          : dayBoundaries(now, DASHBOARD_PAST_DAYS);
      const rows = await repository.usageByDayAndModel(caller.id, starts);
      return rows
        .sort((a, b) => a.day - b.day || (a.modelName < b.modelName ? -1 : a.modelName > b.modelName ? 1 : 0))
        .map((row) => ({
          Date: dates[row.day] ?? '',
          ModelName: row.modelName,
          RequestCount: row.requestCount,
          Quota: row.quota,
          PromptTokens: row.promptTokens,
          CompletionTokens: row.completionTokens,
          RequestTime: row.requestTime,
        }));
    },
    /** The caller's requests and spend per local day over the last HEATMAP_DAYS days, oldest first. */
    async heatmap(caller: AuthUser, now = nowSeconds()): Promise<DailyUsage[]> {
      const { starts } = dayBoundaries(now, HEATMAP_DAYS - 1);
      const buckets = await repository.usageByQuarterHour(
        caller.id,
        starts[0] ?? 0,
        starts[starts.length - 1] ?? 0,
      );
      const days = new Map<string, DailyUsage>();
      for (const bucket of buckets) {
        const date = localDate(new Date(bucket.start * 1000));
        const day = days.get(date) ?? { date, request_count: 0, quota: 0 };
        day.request_count += bucket.requestCount;
        day.quota += bucket.quota;
        days.set(date, day);
      }
      return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    },
    /** Consume logs of the last 60 s against the group's api_rate; tokens per minute are not limited. */
    async rate(caller: AuthUser, now = nowSeconds()): Promise<DashboardRate> {
      const [rpm, maxRPM] = await Promise.all([
        repository.countConsumedSince(caller.id, now - 60),
        groupRate(caller.group),
      ]);
      return { rpm, maxRPM, usageRpmRate: rpmUsagePercent(rpm, maxRPM), tpm: 0, maxTPM: 0, usageTpmRate: 0 };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
