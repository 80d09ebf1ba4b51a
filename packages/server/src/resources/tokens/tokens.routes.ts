// /api/token/*: the caller's API keys (contract §1.6).
import {
  listQuerySchema,
  pagedSchema,
  tokenCreateSchema,
  tokenSchema,
  tokenStatusUpdateSchema,
  tokenUpdateSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { parseInput } from '../../shared/validate.js';
import type { TokensService } from './tokens.service.js';
import { idParamsSchema, statusOnlyQuerySchema } from '../../shared/route-params.js';

const TAG = 'tokens';

/** The token routes, bound to the service. */
export function tokenRoutes(service: TokensService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/token/',
      guard: 'user',
      tag: TAG,
      summary: "List the caller's tokens (page, size ≤ 100, order, keyword = name prefix)",
      query: listQuerySchema,
      reply: pagedSchema(tokenSchema),
      handler: ({ user, query }) => service.list(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/token/playground',
      guard: 'user',
      tag: TAG,
      summary: "The key of the caller's playground token (created on first use)",
      reply: z.string(),
      handler: ({ user }) => service.playgroundKey(user),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/token/:id',
      guard: 'user',
      tag: TAG,
      summary: "One of the caller's tokens",
      params: idParamsSchema,
      reply: tokenSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/token/',
      guard: 'user',
      tag: TAG,
      summary: 'Create a token; gw answers with the created token, key included',
      body: tokenCreateSchema,
      reply: tokenSchema,
      handler: ({ user, body }) => service.create(user, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/token/',
      guard: 'user',
      tag: TAG,
      summary: 'Edit a token; with ?status_only=1 only {id, status} is applied',
      query: statusOnlyQuerySchema,
      // The body schema depends on status_only, so it is checked in the handler; the document shows
      // the full edit and the status-only form as alternatives.
      documentedBody: z.union([tokenUpdateSchema, tokenStatusUpdateSchema]),
      reply: tokenSchema,
      handler: ({ user, query, request }) => {
        if (query.status_only) {
          return service.setStatus(user, parseInput(tokenStatusUpdateSchema, request.body));
        }
        return service.update(user, parseInput(tokenUpdateSchema, request.body));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/token/:id',
      guard: 'user',
      tag: TAG,
      summary: "Delete one of the caller's tokens",
      params: idParamsSchema,
      handler: async ({ user, params }) => {
        await service.delete(user, params.id);
      },
    }),
  ];
}
