// /api/redemption/* (admin, contract §1.12) and the self-service redeem `POST /api/user/topup` (§1.4).
import {
  listQuerySchema,
  pagedSchema,
  redeemSchema,
  redemptionCreateSchema,
  redemptionSchema,
  redemptionStatusUpdateSchema,
  redemptionUpdateSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { parseInput } from '../../shared/validate.js';
import type { RedemptionsService } from './redemptions.service.js';
import { idParamsSchema, statusOnlyQuerySchema } from '../../shared/route-params.js';

const TAG = 'redemptions';

/** The redemption routes, bound to the service. */
export function redemptionRoutes(service: RedemptionsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/redemption/',
      guard: 'admin',
      tag: TAG,
      summary: 'List redemption codes (page, size ≤ 100, order, keyword = id or name prefix)',
      query: listQuerySchema,
      reply: pagedSchema(redemptionSchema),
      handler: ({ query }) => service.list(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/redemption/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'One redemption code',
      params: idParamsSchema,
      reply: redemptionSchema,
      handler: ({ params }) => service.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/redemption/',
      guard: 'admin',
      tag: TAG,
      summary: 'Create `count` (1–100) codes in one transaction; answers with their keys',
      body: redemptionCreateSchema,
      reply: z.array(z.string()),
      handler: ({ user, body }) => service.create(user, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/redemption/',
      guard: 'admin',
      tag: TAG,
      summary: 'Edit a code ({id, name, quota}); with ?status_only=true only {id, status} is applied',
      query: statusOnlyQuerySchema,
      documentedBody: z.union([redemptionUpdateSchema, redemptionStatusUpdateSchema]),
      reply: redemptionSchema,
      handler: ({ query, request }) => {
        if (query.status_only) {
          return service.setStatus(parseInput(redemptionStatusUpdateSchema, request.body));
        }
        return service.update(parseInput(redemptionUpdateSchema, request.body));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/redemption/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete a redemption code',
      params: idParamsSchema,
      handler: async ({ params }) => {
        await service.delete(params.id);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/topup',
      guard: 'user',
      tag: TAG,
      summary: 'Redeem a code: credits the caller once (atomic) and answers with the quota added',
      body: redeemSchema,
      reply: z.number().int(),
      handler: ({ user, body, request }) => service.redeemCode(user, body.key, request.ip),
    }),
  ];
}
