// /api/user/dashboard*: the caller's usage charts and request rate (contract §1.4).
import { dailyModelStatSchema, dailyUsageSchema, dashboardQuerySchema, dashboardRateSchema } from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { DashboardService } from './dashboard.service.js';

const TAG = 'dashboard';

/** The dashboard routes, bound to the service. */
export function dashboardRoutes(service: DashboardService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/user/dashboard',
      guard: 'user',
      tag: TAG,
      summary:
        "The caller's usage per day (YYYY-MM-DD, server time) and model, last 7 days and today or start_date..end_date (PascalCase)",
      query: dashboardQuerySchema,
      reply: z.array(dailyModelStatSchema),
      handler: ({ user, query }) => service.dailyModelStats(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/dashboard/heatmap',
      guard: 'user',
      tag: TAG,
      summary: "The caller's requests and spend per day (YYYY-MM-DD, server time) over the last 365 days",
      reply: z.array(dailyUsageSchema),
      handler: ({ user }) => service.heatmap(user),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/dashboard/rate',
      guard: 'user',
      tag: TAG,
      summary: "The caller's consume requests in the last 60 s against their group's per-minute limit",
      reply: dashboardRateSchema,
      handler: ({ user }) => service.rate(user),
    }),
  ];
}
