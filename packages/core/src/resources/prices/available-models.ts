import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { priceSchema } from './prices.schema.js';

/** One entry of `GET /api/available_model`: the groups serving the model, its owner's name and price. */
export const availableModelSchema = z.looseObject({
  groups: z
    .array(z.string())
    .nullable()
    .transform((groups) => groups ?? []),
  owned_by: z.string().default(''),
  price: priceSchema,
});
export type AvailableModel = z.output<typeof availableModelSchema>;

/** `GET /api/available_model`: model → availability (public groups plus the caller's own). */
export const availableModelMapSchema = z.record(z.string(), availableModelSchema);

/** The models the caller can use, with groups, owner and price (public; a session personalises it). */
export function getAvailableModels(client: ApiClient): Promise<Record<string, AvailableModel>> {
  return client.request('GET', '/api/available_model', availableModelMapSchema);
}
