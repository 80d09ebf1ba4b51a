import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import {
  type ModelOwnedBy,
  type ModelOwnedByCreateInput,
  type ModelOwnedByUpdateInput,
  modelOwnedByCreateSchema,
  modelOwnedByMapSchema,
  modelOwnedBySchema,
  modelOwnedByUpdateSchema,
} from './model-ownedby.schema.js';

const ownerListSchema = z
  .array(modelOwnedBySchema)
  .nullable()
  .transform((list) => list ?? []);

/** Every model owner (public): `GET /api/model_ownedby/`. */
export function listModelOwners(client: ApiClient): Promise<ModelOwnedBy[]> {
  return client.request('GET', '/api/model_ownedby/', ownerListSchema);
}

/** Owners keyed by id (public): `GET /api/ownedby`. */
export function getModelOwnerMap(client: ApiClient): Promise<Record<string, ModelOwnedBy>> {
  return client.request('GET', '/api/ownedby', modelOwnedByMapSchema);
}

/** Reads one owner (admin). */
export function getModelOwner(client: ApiClient, id: number): Promise<ModelOwnedBy> {
  return client.request('GET', `/api/model_ownedby/${id}`, modelOwnedBySchema);
}

/** Adds a custom owner; gw answers with it (one-hub: no data → `undefined`). */
export function createModelOwner(
  client: ApiClient,
  input: ModelOwnedByCreateInput,
): Promise<ModelOwnedBy | undefined> {
  return client.request('POST', '/api/model_ownedby/', modelOwnedBySchema.optional(), {
    body: modelOwnedByCreateSchema.parse(input),
  });
}

/** Renames an owner or changes its icon; the id stays. */
export function updateModelOwner(
  client: ApiClient,
  input: ModelOwnedByUpdateInput,
): Promise<ModelOwnedBy | undefined> {
  return client.request('PUT', '/api/model_ownedby/', modelOwnedBySchema.optional(), {
    body: modelOwnedByUpdateSchema.parse(input),
  });
}

/** Deletes a custom owner (ids above 1000 only). */
export async function deleteModelOwner(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/model_ownedby/${id}`);
}
