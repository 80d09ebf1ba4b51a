// The user/admin/root guards of contract §0.3: session cookie first, then the access token header.
// A session is a server-side record (issue 15): the cookie holds only a random token.
import { meetsGuard, nowSeconds, USER_STATUS } from '@gw/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../shared/api-failure.js';
import type { AuthUser, UserLookup } from '../shared/auth-user.js';
import type { RouteGuard } from '../shared/route.js';
import type { SessionStore } from '../sessions/session-store.js';
import { SESSION_COOKIE, sessionCookieOptions } from './session-cookie.js';

export interface Authenticator {
  /** The caller a guard admits, or an ApiFailure with the contract's message. */
  guard(request: FastifyRequest, level: RouteGuard): Promise<AuthUser | undefined>;
  /** Starts a session for a user who just signed in and sets its cookie. */
  startSession(reply: FastifyReply, userId: number): Promise<void>;
  /** Ends the caller's session (if any) and clears the cookie. */
  endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user, the caller's own included ("sign out everywhere"). */
  endAllSessions(userId: number): Promise<void>;
  /** The token of the session cookie the request came with (a self-service change keeps that session). */
  sessionToken(request: FastifyRequest): string | undefined;
  /**
   * The enabled user behind a live session cookie, if any: what `public+session` routes personalise
   * with (contract §0.3; access tokens are not consulted there).
   */
  sessionUser(request: FastifyRequest): Promise<AuthUser | undefined>;
}

function accessTokenFrom(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return header.replace(/^Bearer\s+/i, '').trim();
}

/** Builds the guards over a user lookup and the session store; cookies live `maxAgeSeconds`. */
export function createAuthenticator(
  users: UserLookup,
  sessions: SessionStore,
  maxAgeSeconds: number,
): Authenticator {
  /** The user of the request's session cookie, if it names a live session of an existing user. */
  async function fromCookie(request: FastifyRequest): Promise<AuthUser | undefined> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return undefined;
    const id = await sessions.resolve(token, nowSeconds());
    // The row is read again on every request, so a ban or a demotion applies at once (one-hub's quirk
    // §6.7 waits for the next sign-in; see docs/quirks.md).
    return id === undefined ? undefined : users.findById(id);
  }

  async function identify(request: FastifyRequest): Promise<AuthUser> {
    const user = await fromCookie(request);
    if (user) return user;
    const header = request.headers.authorization;
    if (header === undefined) {
      throw new ApiFailure('UNAUTHENTICATED', 'errors.unauthenticated');
    }
    const token = accessTokenFrom(header);
    const byToken = token ? await users.findByAccessToken(token) : undefined;
    if (!byToken) throw new ApiFailure('INVALID_ACCESS_TOKEN', 'errors.invalid_access_token');
    return byToken;
  }

  async function startSession(reply: FastifyReply, userId: number): Promise<void> {
    const token = await sessions.create(userId, nowSeconds());
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(maxAgeSeconds));
  }

  return {
    async guard(request, level) {
      if (level === 'public') return undefined;
      const user = await identify(request);
      if (user.status === USER_STATUS.disabled) throw new ApiFailure('USER_DISABLED', 'errors.user_disabled');
      if (!meetsGuard(user.role, level)) throw new ApiFailure('FORBIDDEN', 'errors.forbidden');
      return user;
    },
    startSession,
    async endSession(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await sessions.end(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    endAllSessions(userId) {
      return sessions.endAllOf(userId);
    },
    sessionToken(request) {
      return request.cookies[SESSION_COOKIE] || undefined;
    },
    async sessionUser(request) {
      const user = await fromCookie(request);
      return user && user.status !== USER_STATUS.disabled ? user : undefined;
    },
  };
}
