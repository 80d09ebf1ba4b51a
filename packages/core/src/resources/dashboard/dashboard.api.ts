import type { ApiClient } from '../../http/client.js';
import {
  type DailyModelStat,
  type DashboardRate,
  dailyModelStatListSchema,
  dashboardRateSchema,
} from './dashboard.schema.js';

/** The caller's per-day, per-model usage for the last 7 days and today: `GET /api/user/dashboard`. */
export function getDashboard(client: ApiClient): Promise<DailyModelStat[]> {
  return client.request('GET', '/api/user/dashboard', dailyModelStatListSchema);
}

/** The caller's requests in the last minute against their group's limit: `GET /api/user/dashboard/rate`. */
export function getDashboardRate(client: ApiClient): Promise<DashboardRate> {
  return client.request('GET', '/api/user/dashboard/rate', dashboardRateSchema);
}
