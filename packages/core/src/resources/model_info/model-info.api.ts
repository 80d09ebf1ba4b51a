import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import {
  type ModelInfo,
  type ModelInfoCreateInput,
  type ModelInfoUpdateInput,
  modelInfoCreateSchema,
  modelInfoSchema,
  modelInfoUpdateSchema,
} from './model-info.schema.js';

const modelInfoListSchema = z
  .array(modelInfoSchema)
  .nullable()
  .transform((list) => list ?? []);

/** The model catalogue (public), newest first: `GET /api/model_info/`. */
export function listModelInfo(client: ApiClient): Promise<ModelInfo[]> {
  return client.request('GET', '/api/model_info/', modelInfoListSchema);
}

/** Reads one model info (admin). */
export function getModelInfo(client: ApiClient, id: number): Promise<ModelInfo> {
  return client.request('GET', `/api/model_info/${id}`, modelInfoSchema);
}

/** Adds a model's info; gw answers with it (one-hub: no data → `undefined`). */
export function createModelInfo(
  client: ApiClient,
  input: ModelInfoCreateInput,
): Promise<ModelInfo | undefined> {
  return client.request('POST', '/api/model_info/', modelInfoSchema.optional(), {
    body: modelInfoCreateSchema.parse(input),
  });
}

/** Replaces a model's info. */
export function updateModelInfo(
  client: ApiClient,
  input: ModelInfoUpdateInput,
): Promise<ModelInfo | undefined> {
  return client.request('PUT', '/api/model_info/', modelInfoSchema.optional(), {
    body: modelInfoUpdateSchema.parse(input),
  });
}

/** Deletes a model's info. */
export async function deleteModelInfo(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/model_info/${id}`);
}

/**
 * The models the form suggests for a new entry: every model with a price or on a channel
 * (`GET /api/prices/model_list`, admin) that has no info yet. Read here, not through the prices
 * resource, because resources do not import each other.
 */
export async function listModelsWithoutInfo(client: ApiClient): Promise<string[]> {
  const [models, infos] = await Promise.all([
    client.request('GET', '/api/prices/model_list', z.array(z.string()).nullable()),
    listModelInfo(client),
  ]);
  const described = new Set(infos.map((info) => info.model));
  return (models ?? []).filter((model) => !described.has(model));
}
