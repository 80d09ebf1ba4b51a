// /api/model_ownedby/* and /api/ownedby: model owners (contract §1.1, §1.11).
import {
  modelOwnedByCreateSchema,
  modelOwnedByMapSchema,
  modelOwnedBySchema,
  modelOwnedByUpdateSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { ModelOwnedByService } from './model-ownedby.service.js';
import { idParamsSchema } from '../../shared/route-params.js';

const TAG = 'model_ownedby';

/** The model owner routes, bound to the service. */
export function modelOwnedByRoutes(service: ModelOwnedByService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/model_ownedby/',
      guard: 'public',
      tag: TAG,
      summary: 'Every model owner, by id',
      reply: z.array(modelOwnedBySchema),
      handler: () => service.list(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/ownedby',
      guard: 'public',
      tag: TAG,
      summary: 'Model owners keyed by id',
      reply: modelOwnedByMapSchema,
      handler: () => service.map(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/model_ownedby/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'One model owner',
      params: idParamsSchema,
      reply: modelOwnedBySchema,
      handler: ({ params }) => service.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/model_ownedby/',
      guard: 'admin',
      tag: TAG,
      summary: 'Add a custom owner (id above 1000, or the next free one when left out)',
      body: modelOwnedByCreateSchema,
      reply: modelOwnedBySchema,
      handler: ({ body }) => service.create(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/model_ownedby/',
      guard: 'admin',
      tag: TAG,
      summary: 'Rename an owner or change its icon (the id never changes)',
      body: modelOwnedByUpdateSchema,
      reply: modelOwnedBySchema,
      handler: ({ body }) => service.update(body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/model_ownedby/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete a custom owner (ids above 1000 only)',
      params: idParamsSchema,
      handler: async ({ params }) => {
        await service.delete(params.id);
      },
    }),
  ];
}
