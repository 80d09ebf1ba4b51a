import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { pagedSchema, type ListQuery, type Paged } from '../../http/envelope.js';
import {
  tokenCreateSchema,
  tokenSchema,
  tokenStatusUpdateSchema,
  tokenUpdateSchema,
  type Token,
  type TokenCreateInput,
  type TokenUpdateInput,
} from './tokens.schema.js';

export const tokenPageSchema = pagedSchema(tokenSchema);

/** Lists the caller's tokens: `GET /api/token/` with page, size, order and keyword (name prefix). */
export function listTokens(client: ApiClient, query: ListQuery = {}): Promise<Paged<Token>> {
  return client.request('GET', '/api/token/', tokenPageSchema, { query: { ...query } });
}

/** Reads one of the caller's tokens. */
export function getToken(client: ApiClient, id: number): Promise<Token> {
  return client.request('GET', `/api/token/${id}`, tokenSchema);
}

/**
 * Creates a token and returns it with its key. gw answers with the new token; one-hub answers with
 * no data, so the client then finds the newest token of that name.
 */
export async function createToken(client: ApiClient, input: TokenCreateInput): Promise<Token> {
  const body = tokenCreateSchema.parse(input);
  const created = await client.request('POST', '/api/token/', tokenSchema.optional(), { body });
  if (created) return created;
  const page = await listTokens(client, { page: 1, size: 10, order: '-id', keyword: body.name });
  const match = page.data.find((token) => token.name === body.name);
  if (!match) throw new Error('created token not found');
  return match;
}

/** Replaces a token's editable fields; returns the updated token. */
export function updateToken(client: ApiClient, input: TokenUpdateInput): Promise<Token> {
  return client.request('PUT', '/api/token/', tokenSchema, { body: tokenUpdateSchema.parse(input) });
}

/** Enables (1) or disables (2) a token: `PUT /api/token/?status_only=true`. */
export function setTokenStatus(client: ApiClient, id: number, status: 1 | 2): Promise<Token> {
  return client.request('PUT', '/api/token/', tokenSchema, {
    query: { status_only: 'true' },
    body: tokenStatusUpdateSchema.parse({ id, status }),
  });
}

/** Deletes one of the caller's tokens. */
export async function deleteToken(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/token/${id}`);
}

/** The key of the caller's playground token (created on first use). */
export function getPlaygroundTokenKey(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/token/playground', z.string());
}
