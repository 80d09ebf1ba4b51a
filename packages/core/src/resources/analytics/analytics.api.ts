import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import {
  type AnalyticsPeriod,
  type AnalyticsStatistics,
  analyticsPeriodSchema,
  analyticsStatisticsSchema,
  type UserModelUsage,
  type UserUsage,
  userModelUsageSchema,
  userUsageSchema,
} from './analytics.schema.js';

/** Site totals for the analytics screen (admin): `GET /api/analytics/statistics`. */
export function getAnalyticsStatistics(client: ApiClient): Promise<AnalyticsStatistics> {
  return client.request('GET', '/api/analytics/statistics', analyticsStatisticsSchema);
}

/** Per-day figures over a range (admin): `GET /api/analytics/period`. */
export function getAnalyticsPeriod(
  client: ApiClient,
  query: { start_timestamp: number; end_timestamp: number; group_type?: string; user_id?: number },
): Promise<AnalyticsPeriod> {
  return client.request('GET', '/api/analytics/period', analyticsPeriodSchema, { query: { ...query } });
}

const multiUserReplySchema = z.looseObject({
  data: z
    .array(userUsageSchema)
    .nullish()
    .transform((rows) => rows ?? []),
  model_usage: z
    .array(userModelUsageSchema)
    .nullish()
    .transform((rows) => rows ?? []),
});

/** Totals per user and per user and model over a `YYYY-MM-DD` range (admin). */
export async function getMultiUserStats(
  client: ApiClient,
  query: { usernames: string[]; start_time: string; end_time: string },
): Promise<{ users: UserUsage[]; modelUsage: UserModelUsage[] }> {
  // model_usage sits beside data at the envelope's top level, so the whole envelope is read.
  const envelope = await client.send('GET', '/api/analytics/multi_user_stats', {
    query: { ...query, usernames: query.usernames.join(',') },
  });
  const reply = multiUserReplySchema.parse(envelope);
  return { users: reply.data, modelUsage: reply.model_usage };
}

/** The multi-user report as CSV (`/api/analytics/multi_user_stats/export`, header `MULTI_USER_CSV_HEADER`). */
export function exportMultiUserStats(
  client: ApiClient,
  query: { usernames: string[]; start_time: string; end_time: string },
): Promise<string> {
  return client.requestText('GET', '/api/analytics/multi_user_stats/export', {
    query: { ...query, usernames: query.usernames.join(',') },
  });
}

/** The file name the export is saved as (the server's Content-Disposition name). */
export function multiUserExportFileName(query: { start_time: string; end_time: string }): string {
  return `multi_user_stats_${query.start_time}_${query.end_time}.csv`;
}
