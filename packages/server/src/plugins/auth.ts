// The user/admin/root guards of contract §0.3: session cookie first, then the access token header.
import { meetsGuard, nowSeconds } from '@gw/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../shared/api-failure.js';
import type { AuthUser, UserLookup } from '../shared/auth-user.js';
import type { RouteGuard } from '../shared/route.js';
import { decodeSession, encodeSession, SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from './session-cookie.js';

const USER_DISABLED = 2;

export interface Authenticator {
  /** The caller a guard admits, or an ApiFailure with the contract's message. */
  guard(request: FastifyRequest, level: RouteGuard): Promise<AuthUser | undefined>;
  /** Sets the `session` cookie for a user who just signed in. */
  startSession(reply: FastifyReply, userId: number): void;
  /** Clears the `session` cookie. */
  endSession(reply: FastifyReply): void;
  /**
   * The enabled user behind a valid session cookie, if any: what `public+session` routes personalise
   * with (contract §0.3; access tokens are not consulted there).
   */
  sessionUser(request: FastifyRequest): Promise<AuthUser | undefined>;
}

function accessTokenFrom(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return header.replace(/^Bearer\s+/i, '').trim();
}

/** Builds the guards over a user lookup and the session secret. */
export function createAuthenticator(users: UserLookup, sessionSecret: string): Authenticator {
  async function identify(request: FastifyRequest): Promise<AuthUser> {
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const id = decodeSession(cookie, sessionSecret, nowSeconds());
      // A session is only an id: the row is read again on every request, so a ban or a demotion
      // applies at once (one-hub's quirk §6.7 waits for the next sign-in; see docs/quirks.md).
      const user = id === undefined ? undefined : await users.findById(id);
      if (user) return user;
    }
    const header = request.headers.authorization;
    if (header === undefined) {
      throw new ApiFailure('UNAUTHENTICATED', 'errors.unauthenticated');
    }
    const token = accessTokenFrom(header);
    const user = token ? await users.findByAccessToken(token) : undefined;
    if (!user) throw new ApiFailure('INVALID_ACCESS_TOKEN', 'errors.invalid_access_token');
    return user;
  }

  return {
    async guard(request, level) {
      if (level === 'public') return undefined;
      const user = await identify(request);
      if (user.status === USER_DISABLED) throw new ApiFailure('USER_DISABLED', 'errors.user_disabled');
      if (!meetsGuard(user.role, level)) throw new ApiFailure('FORBIDDEN', 'errors.forbidden');
      return user;
    },
    startSession(reply, userId) {
      reply.setCookie(
        SESSION_COOKIE,
        encodeSession(userId, sessionSecret, nowSeconds()),
        SESSION_COOKIE_OPTIONS,
      );
    },
    endSession(reply) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    async sessionUser(request) {
      const cookie = request.cookies[SESSION_COOKIE];
      const id = cookie ? decodeSession(cookie, sessionSecret, nowSeconds()) : undefined;
      const user = id === undefined ? undefined : await users.findById(id);
      return user && user.status !== USER_DISABLED ? user : undefined;
    },
  };
}
