// /api/model_info/*: model catalogue metadata (contract §1.1, §1.11, §2.10).
import { modelInfoCreateSchema, modelInfoSchema, modelInfoUpdateSchema } from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { ModelInfoService } from './model-info.service.js';
import { idParamsSchema } from '../../shared/route-params.js';

const TAG = 'model_info';

/** The model info routes, bound to the service. */
export function modelInfoRoutes(service: ModelInfoService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/model_info/',
      guard: 'public',
      tag: TAG,
      summary: 'Every model info, newest first',
      reply: z.array(modelInfoSchema),
      handler: () => service.list(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/model_info/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'One model info',
      params: idParamsSchema,
      reply: modelInfoSchema,
      handler: ({ params }) => service.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/model_info/',
      guard: 'admin',
      tag: TAG,
      summary: 'Add a model info (model unique; list fields are JSON array strings)',
      body: modelInfoCreateSchema,
      reply: modelInfoSchema,
      handler: ({ body }) => service.create(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/model_info/',
      guard: 'admin',
      tag: TAG,
      summary: 'Replace a model info',
      body: modelInfoUpdateSchema,
      reply: modelInfoSchema,
      handler: ({ body }) => service.update(body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/model_info/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete a model info',
      params: idParamsSchema,
      handler: async ({ params }) => {
        await service.delete(params.id);
      },
    }),
  ];
}
