// /api/user/*: sign-in, sign-out, self-service and the admin seams the consoles need.
import {
  loginSchema,
  selfUpdateSchema,
  unbindSchema,
  userCreateSchema,
  userManageSchema,
  userSchema,
} from '@gw/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../plugins/auth.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { UsersService } from './users.service.js';
import { userRowToLoginUser, userRowToManageReply, userRowToUser } from './users.wire.js';
import { BODY_LIMITS } from '../../shared/body-limits.js';

const TAG = 'users';

/** The user routes, bound to the service and the session issuer. */
export function userRoutes(
  service: UsersService,
  auth: Authenticator,
  ipOf: (request: FastifyRequest) => string = (request) => request.ip,
): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/user/login',
      bodyLimit: BODY_LIMITS.credentials,
      guard: 'public',
      tag: TAG,
      summary: 'Sign in with a username (or e-mail) and password; sets the session cookie',
      body: loginSchema,
      reply: userSchema,
      handler: async ({ body, request, reply }) => {
        const user = await service.login(body, ipOf(request));
        await auth.startSession(reply, user.id);
        return userRowToLoginUser(user);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/logout',
      guard: 'public',
      tag: TAG,
      summary: 'Sign out: ends this session on the server and clears its cookie',
      handler: async ({ request, reply }) => {
        await auth.endSession(request, reply);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/logout_all',
      guard: 'user',
      tag: TAG,
      summary: "Sign out everywhere: ends every session of the caller's, this one included",
      handler: async ({ user, reply }) => {
        await auth.endAllSessions(user.id);
        await auth.endSession(reply.request, reply);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/self',
      guard: 'user',
      tag: TAG,
      summary: "The caller's full profile (password always empty)",
      reply: userSchema,
      handler: ({ user }) => userRowToUser(user),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/user/self',
      guard: 'user',
      tag: TAG,
      summary:
        "Change the caller's display name and, when not empty, password (ends the caller's other sessions)",
      body: selfUpdateSchema,
      handler: async ({ user, body, request }) => {
        await service.updateSelf(user, body, auth.sessionToken(request));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/token',
      guard: 'user',
      tag: TAG,
      summary:
        "Generate a new management access token (the old one stops at once, as do the caller's other sessions)",
      reply: z.string(),
      handler: ({ user, request }) => service.rotateAccessToken(user, auth.sessionToken(request)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/aff',
      guard: 'user',
      tag: TAG,
      summary: "The caller's 4-character invitation code (created on first call)",
      reply: z.string(),
      handler: ({ user }) => service.affCode(user),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/unbind',
      guard: 'user',
      tag: TAG,
      summary: 'Clear one account binding of the caller: github, wechat, lark or oidc',
      body: unbindSchema,
      handler: async ({ user, body }) => {
        await service.unbind(user, body.type);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/',
      guard: 'admin',
      tag: TAG,
      summary: 'Create a common user (admin)',
      body: userCreateSchema,
      handler: async ({ user, body }) => {
        await service.createUser(user, body);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/manage',
      guard: 'admin',
      tag: TAG,
      summary: 'Disable, enable, delete, promote or demote a user (admin)',
      body: userManageSchema,
      reply: userSchema,
      handler: async ({ user, body }) => {
        const result = await service.manageUser(user, body.username, body.action);
        return userRowToManageReply(result.role, result.status);
      },
    }),
  ];
}
