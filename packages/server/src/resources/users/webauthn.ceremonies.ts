// The challenge of a passkey ceremony between its begin and finish calls, kept on the server: the browser
// holds only a random id in the `webauthn_session` cookie. A challenge is single-use and expires after
// five minutes (the browser's own timeout is one minute), so a captured finish body cannot be replayed.
// Kept in this process's memory: a multi-process deployment needs sticky sessions for passkeys.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CEREMONY_COOKIE = 'webauthn_session';
export const CEREMONY_MAX_AGE_SECONDS = 300;
/** Enough for every sign-in in flight on a busy site; beyond it the oldest begun ceremony is dropped. */
const MAX_CEREMONIES = 10_000;

export interface Ceremony {
  kind: 'registration' | 'login';
  /** base64url, as the library compares it. */
  challenge: string;
  /** Registration: the signed-in user; login: the named user, or undefined for a discoverable passkey. */
  userId: number | undefined;
  alias: string;
  expiresAt: number;
}

export function createCeremonies(clock: () => number) {
  const pending = new Map<string, Ceremony>();

  const sweep = (now: number) => {
    for (const [id, ceremony] of pending) if (ceremony.expiresAt <= now) pending.delete(id);
    while (pending.size >= MAX_CEREMONIES) {
      const oldest = pending.keys().next().value;
      if (oldest === undefined) break;
      pending.delete(oldest);
    }
  };

  return {
    /** Remembers a begun ceremony and gives the browser its cookie (a new one replaces an older one). */
    begin(request: FastifyRequest, reply: FastifyReply, ceremony: Omit<Ceremony, 'expiresAt'>): void {
      const now = clock();
      sweep(now);
      const previous = request.cookies[CEREMONY_COOKIE];
      if (previous) pending.delete(previous);
      const id = randomBytes(24).toString('base64url');
      pending.set(id, { ...ceremony, expiresAt: now + CEREMONY_MAX_AGE_SECONDS });
      reply.setCookie(CEREMONY_COOKIE, id, {
        path: '/api/webauthn',
        maxAge: CEREMONY_MAX_AGE_SECONDS,
        httpOnly: true,
        sameSite: 'strict',
        secure: false,
      });
    },
    /** Takes the browser's ceremony of `kind` out (single use); undefined when missing, expired or other. */
    take(request: FastifyRequest, reply: FastifyReply, kind: Ceremony['kind']): Ceremony | undefined {
      const id = request.cookies[CEREMONY_COOKIE];
      if (!id) return undefined;
      const ceremony = pending.get(id);
      pending.delete(id);
      reply.clearCookie(CEREMONY_COOKIE, { path: '/api/webauthn' });
      if (!ceremony || ceremony.kind !== kind || ceremony.expiresAt <= clock()) return undefined;
      return ceremony;
    },
  };
}

export type Ceremonies = ReturnType<typeof createCeremonies>;
