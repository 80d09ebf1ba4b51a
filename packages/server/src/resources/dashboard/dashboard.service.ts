// The self dashboard (contract §1.4, §3.3): per-day, per-model usage of the last 7 days and today, and
// the caller's request rate against their group's limit.
import {
  type DailyModelStat,
  DASHBOARD_PAST_DAYS,
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
    if (offset >= 0) dates.push(`${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`);
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
    async dailyModelStats(caller: AuthUser, now = nowSeconds()): Promise<DailyModelStat[]> {
      const { starts, dates } = dayBoundaries(now, DASHBOARD_PAST_DAYS);
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
