// /api/token/admin*: the admin search over every owner's tokens and the admin edit (contract §1.6).
import {
  pagedSchema,
  tokenAdminSearchQuerySchema,
  tokenAdminStatusUpdateSchema,
  tokenAdminUpdateSchema,
  tokenSchema,
  tokenWithOwnerSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { parseInput } from '../../shared/validate.js';
import type { TokensAdminService } from './tokens-admin.service.js';
import { statusOnlyQuerySchema } from '../../shared/route-params.js';

const TAG = 'tokens';

/** The admin token routes, bound to the admin service. */
export function tokenAdminRoutes(service: TokensAdminService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/token/admin/search',
      guard: 'admin',
      tag: TAG,
      summary: "Search every user's tokens (admin): user_id, token_id, keyword = name prefix, paging",
      query: tokenAdminSearchQuerySchema,
      reply: pagedSchema(tokenWithOwnerSchema),
      handler: ({ user, query }) => service.search(user, query),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/token/admin',
      guard: 'admin',
      tag: TAG,
      summary:
        'Edit any token (admin); a non-zero user_id moves it to that user; ?status_only=1 applies {id, status}',
      query: statusOnlyQuerySchema,
      documentedBody: z.union([tokenAdminUpdateSchema, tokenAdminStatusUpdateSchema]),
      reply: tokenSchema,
      handler: ({ user, query, request }) => {
        if (query.status_only) {
          return service.setStatus(user, parseInput(tokenAdminStatusUpdateSchema, request.body));
        }
        return service.update(user, parseInput(tokenAdminUpdateSchema, request.body));
      },
    }),
  ];
}
