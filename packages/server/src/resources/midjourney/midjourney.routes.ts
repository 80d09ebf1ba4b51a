// GET /api/mj/ (admin) and /api/mj/self (user), contract §1.14; times are unix milliseconds.
import { listQuerySchema, MIDJOURNEY_SORT_FIELDS, midjourneySchema, pagedSchema } from '@gw/core';
import { z } from 'zod';
import { intFilter, timestampFilter } from '../../shared/int-filter.js';
import { listRequest } from '../../shared/listing.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { MidjourneyFilters, MidjourneyRepository } from './midjourney.repository.js';
import { midjourneyRowToWire } from './midjourney.wire.js';

const selfQuery = listQuerySchema.extend({
  mj_id: z.string().default(''),
  token_id: intFilter,
  start_timestamp: timestampFilter,
  end_timestamp: timestampFilter,
});
const adminQuery = listQuerySchema.extend({
  channel_id: intFilter,
  mj_id: z.string().default(''),
  start_timestamp: timestampFilter,
  end_timestamp: timestampFilter,
});

/** The Midjourney list routes, bound to the repository. */
export function midjourneyRoutes(jobs: MidjourneyRepository): AnyRoute[] {
  const page = async (
    query: z.output<typeof listQuerySchema>,
    filters: MidjourneyFilters,
    showChannel: boolean,
  ) => {
    const request = listRequest(query, MIDJOURNEY_SORT_FIELDS);
    const { rows, total } = await jobs.list(filters, request);
    return {
      data: rows.map((row) => midjourneyRowToWire(row, showChannel)),
      page: request.page,
      size: request.size,
      total_count: total,
    };
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/api/mj/',
      guard: 'admin',
      tag: 'tasks',
      summary: 'List every Midjourney job (filters channel_id, mj_id, submit time range in ms)',
      query: adminQuery,
      reply: pagedSchema(midjourneySchema),
      handler: ({ query }) => page(query, { ...query, user_id: 0, token_id: 0 }, true),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/mj/self',
      guard: 'user',
      tag: 'tasks',
      summary: "List the caller's Midjourney jobs (filters mj_id, token_id, submit time range in ms)",
      query: selfQuery,
      reply: pagedSchema(midjourneySchema),
      handler: ({ user, query }) => page(query, { ...query, user_id: user.id, channel_id: 0 }, false),
    }),
  ];
}
