import type { ApiClient } from '../../http/client.js';
import { type Paged, pagedSchema } from '../../http/envelope.js';
import {
  type Midjourney,
  type MidjourneyListQuery,
  type MidjourneySelfQuery,
  midjourneySchema,
} from './midjourney.schema.js';

export const midjourneyPageSchema = pagedSchema(midjourneySchema);

/** Lists every Midjourney job (admin); times in milliseconds. */
export function listMidjourney(
  client: ApiClient,
  query: MidjourneyListQuery = {},
): Promise<Paged<Midjourney>> {
  return client.request('GET', '/api/mj/', midjourneyPageSchema, { query: { ...query } });
}

/** Lists the caller's Midjourney jobs (channel_id is 0 in this list). */
export function listSelfMidjourney(
  client: ApiClient,
  query: MidjourneySelfQuery = {},
): Promise<Paged<Midjourney>> {
  return client.request('GET', '/api/mj/self', midjourneyPageSchema, { query: { ...query } });
}
