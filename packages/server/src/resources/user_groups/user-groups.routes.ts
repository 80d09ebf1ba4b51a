// /api/user_group/*: user groups (admin, contract §1.10).
import { pagedSchema, userGroupCreateSchema, userGroupSchema, userGroupUpdateSchema } from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { UserGroupsService } from './user-groups.service.js';
import { idParamsSchema } from '../../shared/route-params.js';

const TAG = 'user_groups';
const listQuery = z.object({
  page: z.coerce.number().int().catch(1).default(1),
  size: z.coerce.number().int().catch(10).default(10),
  order: z.string().default(''),
  Name: z.string().default(''),
  enable: z
    .enum(['true', 'false', ''], { message: 'validation.invalid_value' })
    .optional()
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined)),
});

/** The user group routes, bound to the service. */
export function userGroupRoutes(service: UserGroupsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/user_group/',
      guard: 'admin',
      tag: TAG,
      summary: 'List user groups (page, size ≤ 100, order, Name = name prefix, enable = true|false)',
      query: listQuery,
      reply: pagedSchema(userGroupSchema),
      handler: ({ query }) => service.list(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user_group/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'One user group',
      params: idParamsSchema,
      reply: userGroupSchema,
      handler: ({ params }) => service.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user_group/',
      guard: 'admin',
      tag: TAG,
      summary: 'Create a user group (unique English symbol); gw answers with the group',
      body: userGroupCreateSchema,
      reply: userGroupSchema,
      handler: ({ body }) => service.create(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/user_group/',
      guard: 'admin',
      tag: TAG,
      summary: 'Edit name, ratio, public, api_rate, promotion, min and max (not symbol, not enable)',
      body: userGroupUpdateSchema,
      reply: userGroupSchema,
      handler: ({ body }) => service.update(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/user_group/enable/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Toggle a group’s enable flag (default cannot be disabled)',
      params: idParamsSchema,
      reply: userGroupSchema,
      handler: ({ params }) => service.toggle(params.id),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/user_group/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete a user group (default cannot be deleted)',
      params: idParamsSchema,
      handler: async ({ params }) => {
        await service.delete(params.id);
      },
    }),
  ];
}
