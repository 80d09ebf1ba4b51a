// The OAuth `state` of a sign-in or bind round trip (contract §1.2). one-hub keeps it in its session
// cookie; gw's session holds only the user id, so the state travels in a cookie of its own, signed with
// the session secret and valid ten minutes. A callback whose `state` differs is refused with HTTP 403.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const OAUTH_STATE_COOKIE = 'oauth_state';
/** Long enough to sign in at the provider, short enough that a leaked link soon stops working. */
export const OAUTH_STATE_MAX_AGE_SECONDS = 600;
const STATE_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function sign(payload: string, secret: string): string {
  return createHmac('sha256', `oauth-state:${secret}`).update(payload).digest('base64url');
}

/** A random 12-character state, as one-hub's. */
export function newOAuthState(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (byte) => STATE_ALPHABET[byte % STATE_ALPHABET.length]).join('');
}

/** Encodes `<state>.<issued>.<signature>`. */
export function encodeOAuthState(state: string, secret: string, now: number): string {
  const payload = `${state}.${now}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The state of a valid, unexpired cookie, or undefined. */
export function decodeOAuthState(value: string, secret: string, now: number): string | undefined {
  const [state, issued, signature, ...rest] = value.split('.');
  if (!state || !issued || !signature || rest.length > 0 || !/^\d{1,12}$/.test(issued)) return undefined;
  const expected = Buffer.from(sign(`${state}.${issued}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return Number(issued) + OAUTH_STATE_MAX_AGE_SECONDS >= now ? state : undefined;
}

/** Issues and checks states for one secret. */
export function createOAuthStates(secret: string, clock: () => number) {
  return {
    /** Starts a round trip: a new state, also set as the cookie. */
    issue(reply: FastifyReply): string {
      const state = newOAuthState();
      reply.setCookie(OAUTH_STATE_COOKIE, encodeOAuthState(state, secret, clock()), {
        path: '/',
        maxAge: OAUTH_STATE_MAX_AGE_SECONDS,
        httpOnly: true,
        sameSite: 'lax',
        secure: false,
      });
      return state;
    },
    /** Whether the callback's `state` is the one this browser was given. */
    matches(request: FastifyRequest, state: string): boolean {
      const cookie = request.cookies[OAUTH_STATE_COOKIE];
      const issued = cookie ? decodeOAuthState(cookie, secret, clock()) : undefined;
      if (!issued || !state || issued.length !== state.length) return false;
      return timingSafeEqual(Buffer.from(issued), Buffer.from(state));
    },
    /** Ends a round trip that succeeded: the state cannot be used twice. */
    clear(reply: FastifyReply): void {
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/' });
    },
  };
}

export type OAuthStates = ReturnType<typeof createOAuthStates>;
