// /api/user/* admin routes: list, read, edit, delete and quota change (contract §1.5).
import { listQuerySchema, pagedSchema, userQuotaChangeSchema, userSchema, userUpdateSchema } from '@gw/core';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { UsersAdminService } from './users-admin.service.js';
import { idParamsSchema } from '../../shared/route-params.js';

const TAG = 'users';

/** The admin user routes, bound to the admin service. */
export function userAdminRoutes(service: UsersAdminService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/user/',
      guard: 'admin',
      tag: TAG,
      summary:
        'List users (admin): keyword = id or a prefix of username, e-mail, display name or group; ' +
        'order by id, username, role, status, created_time, last_login_time, last_login_ip',
      query: listQuerySchema,
      reply: pagedSchema(userSchema),
      handler: ({ user, query }) => service.list(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/:id',
      guard: 'admin',
      tag: TAG,
      summary: "One user (admin): only users of a lower role than the caller's; root reads all",
      params: idParamsSchema,
      reply: userSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/user/',
      guard: 'admin',
      tag: TAG,
      summary:
        'Edit a user (admin): non-empty username, display name, password, e-mail, group, role and ' +
        'status are written; quota and counters are not',
      body: userUpdateSchema,
      handler: async ({ user, body }) => {
        await service.update(user, body);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/user/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete a user and their API keys (admin; same rules as manage/delete)',
      params: idParamsSchema,
      handler: async ({ user, params }) => {
        await service.delete(user, params.id);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/quota/:id',
      guard: 'admin',
      tag: TAG,
      summary:
        "Add a signed delta to a user's quota with a remark (a manage log); a deduction beyond the " +
        'balance is refused',
      params: idParamsSchema,
      body: userQuotaChangeSchema,
      handler: async ({ user, params, body, language }) => {
        await service.changeQuota(user, params.id, body, language);
      },
    }),
  ];
}
