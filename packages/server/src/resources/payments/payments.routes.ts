// /api/payment/* (admin, contract §1.13): gateway CRUD; and `GET /api/user/payment` (§1.4), the enabled
// gateways a user may pay with. Order creation and gateway callbacks come later.
import {
  isFullPaymentUpdate,
  listQuerySchema,
  pagedSchema,
  paymentCreateSchema,
  paymentPatchSchema,
  paymentSchema,
  paymentUpdateSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { parseInput } from '../../shared/validate.js';
import type { PaymentsService } from './payments.service.js';
import { idParamsSchema } from '../../shared/route-params.js';

const TAG = 'payments';
const listQuery = listQuerySchema.extend({
  type: z.string().default(''),
  name: z.string().default(''),
  uuid: z.string().default(''),
  currency: z.string().default(''),
});

/** The gateway routes, bound to the service. */
export function paymentRoutes(service: PaymentsService): AnyRoute[] {
  return [
    // A static path: Fastify's router tries it before `/api/user/:id`, whatever the registration order,
    // so this path no longer falls to the admin user-by-id handler ("id must be an integer").
    defineRoute({
      method: 'GET',
      url: '/api/user/payment',
      guard: 'user',
      tag: TAG,
      summary:
        'The enabled gateways a user may pay with, highest sort first: uuid, name, icon, fees, currency ' +
        'and sort only (other keys zero or null; no credentials)',
      reply: z.array(paymentSchema),
      handler: () => service.listForUsers(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/payment/',
      guard: 'admin',
      tag: TAG,
      summary: 'List gateways (filters type, name prefix, uuid, currency); config is left empty here',
      query: listQuery,
      reply: pagedSchema(paymentSchema),
      handler: ({ query }) => service.list(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/payment/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'One gateway, with its config (credentials)',
      params: idParamsSchema,
      reply: paymentSchema,
      handler: ({ params }) => service.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/payment/',
      guard: 'admin',
      tag: TAG,
      summary: 'Add a gateway; answers HTTP 201 with the gateway and its server-made uuid',
      body: paymentCreateSchema,
      reply: paymentSchema,
      handler: async ({ body, reply, t }) => {
        const data = await service.create(body);
        return reply.code(201).send({ success: true, message: t('payments.created'), data });
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/payment/',
      guard: 'admin',
      tag: TAG,
      summary:
        'Edit a gateway: with uuid every column is replaced; without, only the fields sent (zeros too)',
      documentedBody: z.union([paymentUpdateSchema, paymentPatchSchema]),
      reply: paymentSchema,
      handler: ({ request }) => {
        if (isFullPaymentUpdate(request.body)) {
          return service.update(parseInput(paymentUpdateSchema, request.body));
        }
        return service.patch(parseInput(paymentPatchSchema, request.body));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/payment/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete a gateway',
      params: idParamsSchema,
      handler: async ({ params }) => {
        await service.delete(params.id);
      },
    }),
  ];
}
