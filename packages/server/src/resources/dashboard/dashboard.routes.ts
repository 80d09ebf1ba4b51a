// /api/user/dashboard*: the caller's usage charts and request rate (contract §1.4).
import { dailyModelStatSchema, dashboardRateSchema } from '@gw/core';
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
        "The caller's usage per day (YYYY-MM-DD, server time) and model, last 7 days and today (PascalCase)",
      reply: z.array(dailyModelStatSchema),
      handler: ({ user }) => service.dailyModelStats(user),
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
