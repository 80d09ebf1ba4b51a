// /api/analytics/*: the admin analytics screen (contract §1.16).
import {
  analyticsPeriodQuerySchema,
  analyticsPeriodSchema,
  analyticsStatisticsSchema,
  MULTI_USER_CSV_HEADER,
  multiUserStatsQuerySchema,
  userModelUsageSchema,
  userUsageSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { AnalyticsService } from './analytics.service.js';

const TAG = 'analytics';

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts neutralised. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The analytics routes, bound to the service. */
export function analyticsRoutes(service: AnalyticsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/analytics/statistics',
      guard: 'admin',
      tag: TAG,
      summary:
        'Site totals: users and their quota, channels per status, codes per status, paid orders per currency',
      reply: analyticsStatisticsSchema,
      handler: () => service.statistics(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/analytics/period',
      guard: 'admin',
      tag: TAG,
      summary:
        'Per-day (YYYY-MM-DD) new users, usage grouped by model / model_type / channel, redemptions and orders in a range',
      query: analyticsPeriodQuerySchema,
      reply: analyticsPeriodSchema,
      handler: ({ query }) => service.period(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/analytics/multi_user_stats',
      guard: 'admin',
      tag: TAG,
      summary:
        'Usage totals of up to 100 usernames over whole days; model_usage sits beside data at the top level',
      query: multiUserStatsQuerySchema,
      reply: z.array(userUsageSchema),
      handler: async ({ query, reply }) => {
        const { data, model_usage } = await service.multiUser(query);
        // One-hub puts model_usage at the envelope's top level, so this reply is built here.
        z.array(userModelUsageSchema).parse(model_usage);
        return reply.send({ success: true, message: '', data, model_usage });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/analytics/multi_user_stats/export',
      guard: 'admin',
      tag: TAG,
      summary: 'The multi-user totals as a CSV attachment',
      query: multiUserStatsQuerySchema,
      handler: async ({ query, reply }) => {
        const { data } = await service.multiUser(query);
        const lines = [
          MULTI_USER_CSV_HEADER,
          ...data.map((row) =>
            [
              row.username,
              row.request_count,
              row.quota,
              row.prompt_tokens,
              row.completion_tokens,
              row.request_time,
            ]
              .map(csvCell)
              .join(','),
          ),
        ];
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="multi_user_stats_${query.start_time}_${query.end_time}.csv"`,
          )
          .send(`${lines.join('\r\n')}\r\n`);
      },
    }),
  ];
}
