// Third-party sign-in routes (contract §1.2): the state, the GitHub / Lark / OIDC callbacks (sign in, or
// bind when a session is signed in, answering message "bind"), the OIDC authorize URL and WeChat.
import {
  OAUTH_BIND_MESSAGE,
  OAUTH_CALLBACK_PROVIDERS,
  oauthCallbackQuerySchema,
  wechatCodeSchema,
  wechatLoginQuerySchema,
} from '@gw/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../plugins/auth.js';
import { ApiFailure } from '../../shared/api-failure.js';
import type { OptionStore } from '../../shared/context.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { OAuthStates } from './oauth-state.js';
import type { OAuthCall, OAuthResult, OAuthService } from './oauth.service.js';
import { userRowToLoginUser } from './users.wire.js';

const TAG = 'oauth';

/** The reply of a sign-in callback: "bind", or the signed-in user with the session cookie set. */
async function answer(result: OAuthResult, reply: FastifyReply, auth: Authenticator) {
  if (result.kind === 'bound') {
    void reply.send({ success: true, message: OAUTH_BIND_MESSAGE });
    return reply;
  }
  await auth.startSession(reply, result.user.id);
  return userRowToLoginUser(result.user);
}

/** The OAuth routes over the service, the state cookie and the session issuer. */
export function oauthRoutes(
  service: OAuthService,
  states: OAuthStates,
  auth: Authenticator,
  options: OptionStore,
): AnyRoute[] {
  /** Where a provider sends the browser back: the configured server address, else the caller's. */
  const callbackUrl = async (request: FastifyRequest, provider: string) => {
    const base = ((await options.get('ServerAddress')) ?? '').replace(/\/+$/, '');
    return `${base || `${request.protocol}://${request.host}`}/oauth/${provider}`;
  };
  const call = async (
    request: FastifyRequest,
    provider: string,
    aff: string,
    language: OAuthCall['language'],
  ) => ({
    caller: await auth.sessionUser(request),
    aff,
    language,
    ip: request.ip,
    redirectUri: await callbackUrl(request, provider),
  });

  const callbacks = OAUTH_CALLBACK_PROVIDERS.map((provider) =>
    defineRoute({
      method: 'GET',
      url: `/api/oauth/${provider}`,
      guard: 'public',
      tag: TAG,
      summary: `Finish a ${provider} sign-in (or bind, when signed in: message "bind"); a state that differs is refused with 403`,
      query: oauthCallbackQuerySchema,
      reply: z.unknown(),
      handler: async ({ query, request, reply, language }) => {
        if (!states.matches(request, query.state)) {
          throw new ApiFailure('FORBIDDEN', 'account.oauth.state_mismatch', { httpStatus: 403 });
        }
        const context = await call(request, provider, query.aff, language);
        const identity = await service.identify(provider, query.code, context.redirectUri);
        const result = await service.signInOrBind(provider, identity, context);
        states.clear(reply);
        return answer(result, reply, auth);
      },
    }),
  );

  return [
    defineRoute({
      method: 'GET',
      url: '/api/oauth/state',
      guard: 'public',
      tag: TAG,
      summary: 'A new 12-character OAuth state, kept in a signed cookie for ten minutes',
      reply: z.string(),
      handler: ({ reply }) => states.issue(reply),
    }),
    ...callbacks,
    defineRoute({
      method: 'GET',
      url: '/api/oauth/endpoint',
      guard: 'public',
      tag: TAG,
      summary: "The OIDC provider's authorize URL, with a new state",
      reply: z.string(),
      handler: async ({ request, reply }) => {
        await service.requireEnabled('oidc');
        return service.oidcAuthorizeUrl(states.issue(reply), await callbackUrl(request, 'oidc'));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/oauth/wechat',
      guard: 'public',
      tag: TAG,
      summary: 'Sign in with the code the WeChat official account sent',
      query: wechatLoginQuerySchema,
      reply: z.unknown(),
      handler: async ({ query, request, reply, language }) => {
        const context = { ...(await call(request, 'wechat', query.aff, language)), caller: undefined };
        const identity = await service.identify('wechat', query.code, context.redirectUri);
        return answer(await service.signInOrBind('wechat', identity, context), reply, auth);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/oauth/wechat/bind',
      guard: 'user',
      tag: TAG,
      summary: "Bind the caller's account to the WeChat id behind a code",
      query: z.object({ code: wechatCodeSchema }),
      handler: async ({ query, request, user, language }) => {
        const context = { ...(await call(request, 'wechat', '', language)), caller: user };
        const identity = await service.identify('wechat', query.code, context.redirectUri);
        await service.signInOrBind('wechat', identity, context);
      },
    }),
  ];
}
