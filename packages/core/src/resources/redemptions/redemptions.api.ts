import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { type ListQuery, type Paged, pagedSchema } from '../../http/envelope.js';
import {
  type Redemption,
  type RedemptionCreateInput,
  type RedemptionUpdateInput,
  redeemSchema,
  redemptionCreateSchema,
  redemptionSchema,
  redemptionStatusUpdateSchema,
  redemptionUpdateSchema,
} from './redemptions.schema.js';

export const redemptionPageSchema = pagedSchema(redemptionSchema);

/** Lists redemption codes (admin): keyword = id or name prefix. */
export function listRedemptions(client: ApiClient, query: ListQuery = {}): Promise<Paged<Redemption>> {
  return client.request('GET', '/api/redemption/', redemptionPageSchema, { query: { ...query } });
}

/** Reads one redemption code (admin). */
export function getRedemption(client: ApiClient, id: number): Promise<Redemption> {
  return client.request('GET', `/api/redemption/${id}`, redemptionSchema);
}

/** Creates `count` codes; returns their keys (32 hex characters each). */
export function createRedemptions(client: ApiClient, input: RedemptionCreateInput): Promise<string[]> {
  return client.request('POST', '/api/redemption/', z.array(z.string()), {
    body: redemptionCreateSchema.parse(input),
  });
}

/** Edits a code's name and quota; returns the updated code. */
export function updateRedemption(client: ApiClient, input: RedemptionUpdateInput): Promise<Redemption> {
  return client.request('PUT', '/api/redemption/', redemptionSchema, {
    body: redemptionUpdateSchema.parse(input),
  });
}

/** Enables (1) or disables (2) a code: `PUT /api/redemption/?status_only=true`. */
export function setRedemptionStatus(client: ApiClient, id: number, status: 1 | 2): Promise<Redemption> {
  return client.request('PUT', '/api/redemption/', redemptionSchema, {
    query: { status_only: 'true' },
    body: redemptionStatusUpdateSchema.parse({ id, status }),
  });
}

/** Deletes a redemption code (admin). */
export async function deleteRedemption(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/redemption/${id}`);
}

/** Redeems a code for the caller (`POST /api/user/topup`); returns the quota added. */
export function redeemCode(client: ApiClient, key: string): Promise<number> {
  return client.request('POST', '/api/user/topup', z.number().int(), { body: redeemSchema.parse({ key }) });
}
