// /api/prices/*: the price list (public) and its administration (contract §1.1, §1.11).
import {
  PRICE_SYNC_MODES,
  priceBatchSchema,
  priceDeleteManySchema,
  priceInputSchema,
  priceSchema,
  priceSyncSchema,
} from '@gw/core';
import { z } from 'zod';
import type { Authenticator } from '../../plugins/auth.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { PricesService } from './prices.service.js';
import { BODY_LIMITS } from '../../shared/body-limits.js';

const TAG = 'prices';
const listQuery = z.object({
  type: z.enum(['db', 'default', 'old', ''], { message: 'validation.invalid_value' }).default('db'),
});
// The model is the rest of the path, URL-encoded by the client (names may hold `/`).
const modelParams = z.object({ '*': z.string().min(1, 'validation.required') });
const syncQuery = z.object({
  updateMode: z
    .enum([...PRICE_SYNC_MODES, ''], { message: 'prices.errors.sync_mode' })
    .default('system')
    .transform((mode) => mode || 'system'),
});

/** The price routes, bound to the service; `type=old` asks the authenticator for an admin. */
export function priceRoutes(service: PricesService, auth: Authenticator): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/prices',
      guard: 'public',
      tag: TAG,
      summary:
        'The price list by owner then model: type=db (stored, default) | default (built-in) | old (admin; bare array from the ModelRatio option)',
      query: listQuery,
      reply: z.array(priceSchema),
      handler: async ({ query, request, reply }) => {
        // one-hub allows any origin here (contract §0.1).
        reply.header('access-control-allow-origin', request.headers.origin ?? '*');
        reply.header('access-control-allow-credentials', 'true');
        if (query.type === 'old') {
          await auth.guard(request, 'admin');
          return reply.send(await service.legacy());
        }
        return query.type === 'default' ? service.defaults() : service.list();
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/prices/model_list',
      guard: 'admin',
      tag: TAG,
      summary: 'Priced models and the models configured on channels',
      reply: z.array(z.string()),
      handler: () => service.modelList(),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/prices/single',
      guard: 'admin',
      tag: TAG,
      summary: 'Add the price of one model (refused when it has one)',
      body: priceInputSchema,
      handler: async ({ body }) => {
        await service.create(body);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/prices/single/*',
      guard: 'admin',
      tag: TAG,
      summary: 'Replace the price of the model named by the URL-encoded path (the body may rename it)',
      params: modelParams,
      body: priceInputSchema,
      handler: async ({ params, body }) => {
        await service.update(params['*'], body);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/prices/single/*',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete the price of the model named by the URL-encoded path',
      params: modelParams,
      handler: async ({ params }) => {
        await service.delete(params['*']);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/prices/multiple',
      bodyLimit: BODY_LIMITS.bulk,
      guard: 'admin',
      tag: TAG,
      summary: 'One price for many models: new models added, kept ones updated, dropped ones deleted',
      body: priceBatchSchema,
      handler: async ({ body }) => {
        await service.setBatch(body);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/prices/multiple/delete',
      bodyLimit: BODY_LIMITS.bulk,
      guard: 'admin',
      tag: TAG,
      summary: 'Delete the prices of many models',
      body: priceDeleteManySchema,
      handler: async ({ body }) => {
        await service.deleteMany(body.models);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/prices/sync',
      bodyLimit: BODY_LIMITS.bulk,
      guard: 'admin',
      tag: TAG,
      summary:
        'Import a price list sent in the body (never fetched by the server): updateMode=system|add (insert missing) | update (existing, not locked) | overwrite (replace all but locked)',
      query: syncQuery,
      body: priceSyncSchema,
      handler: async ({ query, body }) => {
        await service.sync(query.updateMode, body);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/prices/updateService',
      guard: 'admin',
      tag: TAG,
      summary: 'The configured URL of a remote price list (option UpdatePriceService; empty when none)',
      reply: z.string(),
      handler: () => service.updateService(),
    }),
  ];
}
