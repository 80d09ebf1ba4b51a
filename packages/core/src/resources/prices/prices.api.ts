import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import { unpricedModels } from './price-coverage.js';
import {
  type Price,
  type PriceBatchInput,
  type PriceInput,
  type PriceSyncMode,
  priceBatchSchema,
  priceDeleteManySchema,
  priceInputSchema,
  priceSchema,
  priceSyncSchema,
} from './prices.schema.js';

const priceListSchema = z
  .array(priceSchema)
  .nullable()
  .transform((list) => list ?? []);
const stringListSchema = z
  .array(z.string())
  .nullable()
  .transform((list) => list ?? []);

/** The path segment of a model name: URL-encoded, since names may hold `/` (contract §1.11). */
export function priceModelPath(model: string): string {
  return `/api/prices/single/${encodeURIComponent(model)}`;
}

/** The price list (public): `GET /api/prices`, `type=db` (stored) or `default` (built-in). */
export function listPrices(client: ApiClient, type: 'db' | 'default' = 'db'): Promise<Price[]> {
  return client.request('GET', '/api/prices', priceListSchema, { query: { type } });
}

/**
 * The stored prices for a price screen: none is an empty list, though the server answers it as a refusal
 * ("pricing data not found", contract §1.11; gw adds the code NOT_FOUND).
 */
export async function listStoredPrices(client: ApiClient): Promise<Price[]> {
  try {
    return await listPrices(client);
  } catch (error) {
    if (error instanceof GwApiError && (error.code === 'NOT_FOUND' || error.message === NO_PRICING_DATA))
      return [];
    throw error;
  }
}

/** one-hub's message for an empty price table. */
const NO_PRICING_DATA = 'pricing data not found';

/** Every model that has a price or is configured on a channel (admin). */
export function listPriceModels(client: ApiClient): Promise<string[]> {
  return client.request('GET', '/api/prices/model_list', stringListSchema);
}

/** Adds the price of one model (refused when that model already has one). */
export async function createPrice(client: ApiClient, input: PriceInput): Promise<void> {
  await client.send('POST', '/api/prices/single', { body: priceInputSchema.parse(input) });
}

/** Replaces the price of `model`; `input.model` may rename it. */
export async function updatePrice(client: ApiClient, model: string, input: PriceInput): Promise<void> {
  await client.send('PUT', priceModelPath(model), { body: priceInputSchema.parse(input) });
}

/** Deletes the price of one model. */
export async function deletePrice(client: ApiClient, model: string): Promise<void> {
  await client.send('DELETE', priceModelPath(model));
}

/** Sets one price for many models: adds new ones, updates kept ones, deletes those dropped from the list. */
export async function setPriceBatch(client: ApiClient, input: PriceBatchInput): Promise<void> {
  await client.send('POST', '/api/prices/multiple', { body: priceBatchSchema.parse(input) });
}

/** Deletes the prices of many models. */
export async function deletePrices(client: ApiClient, models: string[]): Promise<void> {
  await client.send('PUT', '/api/prices/multiple/delete', { body: priceDeleteManySchema.parse({ models }) });
}

/** Imports a price list (from a file or a fetched JSON, never fetched by the server) with a sync mode. */
export async function syncPrices(
  client: ApiClient,
  mode: PriceSyncMode,
  prices: readonly PriceInput[],
): Promise<void> {
  await client.send('POST', '/api/prices/sync', {
    query: { updateMode: mode },
    body: priceSyncSchema.parse(prices),
  });
}

/** The configured URL of a remote price list ('' when none). */
export function getPriceUpdateService(client: ApiClient): Promise<string> {
  return client.request(
    'GET',
    '/api/prices/updateService',
    z
      .string()
      .nullable()
      .transform((url) => url ?? ''),
  );
}

const ownerMapSchema = z
  .record(z.string(), z.looseObject({ name: z.string().default('') }))
  .nullable()
  .transform((map) => map ?? {});

/**
 * The owners' names by id (`GET /api/ownedby`, public), for a price's provider; none when they
 * cannot be read (the ids show instead). Read here, not through the owners resource, because
 * resources do not import each other.
 */
export async function listOwnerNames(client: ApiClient): Promise<Map<number, string>> {
  try {
    const owners = await client.request('GET', '/api/ownedby', ownerMapSchema);
    return new Map(Object.entries(owners).map(([id, owner]) => [Number(id), owner.name]));
  } catch {
    return new Map();
  }
}

/** The models in use (on a channel or priced) that no price covers, for the warning and the editors. */
export async function listUnpricedModels(client: ApiClient): Promise<string[]> {
  const [models, prices] = await Promise.all([listPriceModels(client), listStoredPrices(client)]);
  return unpricedModels(models, prices);
}
