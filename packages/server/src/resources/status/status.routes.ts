// GET /api/status: public site information.
import { statusSchema } from '@gw/core';
import type { OptionStore } from '../../shared/context.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { readSiteStatus } from './status.service.js';

/** The status route, over the site options. */
export function statusRoutes(options: OptionStore, startTime: number): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/status',
      guard: 'public',
      tag: 'status',
      summary: 'Site information: version, start time, sign-in methods, display settings',
      reply: statusSchema,
      handler: () => readSiteStatus(options, startTime),
    }),
  ];
}
