import type { ApiClient } from '../../http/client.js';
import {
  type DailyModelStat,
  type DailyUsage,
  dailyUsageListSchema,
  type DashboardRate,
  dailyModelStatListSchema,
  dashboardRateSchema,
} from './dashboard.schema.js';

/**
 * The caller's per-day, per-model usage: `GET /api/user/dashboard`, over the last 7 days and today, or
 * over the given whole days (`YYYY-MM-DD`, both included).
 */
export function getDashboard(
  client: ApiClient,
  range?: { start: string; end: string },
): Promise<DailyModelStat[]> {
  return client.request('GET', '/api/user/dashboard', dailyModelStatListSchema, {
    query: range ? { start_date: range.start, end_date: range.end } : undefined,
  });
}

/** The caller's requests and spend per day over the last year: `GET /api/user/dashboard/heatmap`. */
export function getDashboardHeatmap(client: ApiClient): Promise<DailyUsage[]> {
  return client.request('GET', '/api/user/dashboard/heatmap', dailyUsageListSchema);
}

/** The caller's requests in the last minute against their group's limit: `GET /api/user/dashboard/rate`. */
export function getDashboardRate(client: ApiClient): Promise<DashboardRate> {
  return client.request('GET', '/api/user/dashboard/rate', dashboardRateSchema);
}
