// The admin side of tokens (contract §1.6): search across owners and edit or transfer any token.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { type ListQuery, type Paged, pagedSchema } from '../../http/envelope.js';
import {
  tokenSchema,
  tokenStatusUpdateSchema,
  tokenUpdateSchema,
  type TokenUpdateInput,
} from './tokens.schema.js';
import { MAX_INT_COLUMN } from '../../validation/row-id.js';

/** A token with its owner's display name (or username), as the admin search answers it. */
export const tokenWithOwnerSchema = tokenSchema.extend({ owner_name: z.string().default('') });
export type TokenWithOwner = z.output<typeof tokenWithOwnerSchema>;
export const tokenWithOwnerPageSchema = pagedSchema(tokenWithOwnerSchema);

const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? 0 : value),
  z.coerce
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .max(MAX_INT_COLUMN, 'validation.max'),
);

/** `GET /api/token/admin/search` query: owner, token id, name prefix and the usual paging. */
export const tokenAdminSearchQuerySchema = z.object({
  user_id: optionalId,
  token_id: optionalId,
  page: z.coerce.number().int().catch(1).default(1),
  size: z.coerce.number().int().catch(10).default(10),
  order: z.string().default(''),
  keyword: z.string().default(''),
});
export interface TokenAdminSearchQuery extends ListQuery {
  user_id?: number;
  token_id?: number;
}

/** `PUT /api/token/admin` full edit: the user edit plus an optional transfer to another user. */
export const tokenAdminUpdateSchema = tokenUpdateSchema.extend({
  user_id: z
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .default(0),
});
export type TokenAdminUpdateInput = TokenUpdateInput & { user_id?: number };

/** `PUT /api/token/admin?status_only=1` body. */
export const tokenAdminStatusUpdateSchema = tokenStatusUpdateSchema;

/** Searches every user's tokens (admin). */
export function searchTokensAdmin(
  client: ApiClient,
  query: TokenAdminSearchQuery = {},
): Promise<Paged<TokenWithOwner>> {
  return client.request('GET', '/api/token/admin/search', tokenWithOwnerPageSchema, { query: { ...query } });
}

/** Edits any token (admin); a non-zero `user_id` moves it to that user. */
export function updateTokenAdmin(client: ApiClient, input: TokenAdminUpdateInput) {
  return client.request('PUT', '/api/token/admin', tokenSchema, {
    body: tokenAdminUpdateSchema.parse(input),
  });
}

/** Enables (1) or disables (2) any token (admin). */
export function setTokenStatusAdmin(client: ApiClient, id: number, status: 1 | 2) {
  return client.request('PUT', '/api/token/admin', tokenSchema, {
    query: { status_only: 'true' },
    body: tokenAdminStatusUpdateSchema.parse({ id, status }),
  });
}
