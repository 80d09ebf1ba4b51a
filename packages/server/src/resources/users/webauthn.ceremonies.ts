// The challenge of a passkey ceremony between its begin and finish calls, kept on the server: the browser
// holds only a random id in the `webauthn_session` cookie. A challenge is single-use and expires after
// five minutes (the browser's own timeout is one minute), so a captured finish body cannot be replayed.
// Kept where every process sees it (Redis when configured, else the database), as the finish call may
// reach another worker than the begin call did.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GwDb } from '../../db/database.js';
import type { Redis } from '../../redis/connection.js';

export const CEREMONY_COOKIE = 'webauthn_session';
export const CEREMONY_MAX_AGE_SECONDS = 300;

export interface Ceremony {
  kind: 'registration' | 'login';
  /** base64url, as the library compares it. */
  challenge: string;
  /** Registration: the signed-in user; login: the named user, or undefined for a discoverable passkey. */
  userId: number | undefined;
  alias: string;
  expiresAt: number;
}

/** Where begun ceremonies wait: `take` hands a ceremony out once, to one caller, however many race. */
export interface CeremonyStore {
  put(id: string, ceremony: Ceremony, now: number): Promise<void>;
  take(id: string): Promise<Ceremony | undefined>;
}

export function createCeremonies(clock: () => number, store: CeremonyStore) {
  return {
    /** Remembers a begun ceremony and gives the browser its cookie (a new one replaces an older one). */
    async begin(
      request: FastifyRequest,
      reply: FastifyReply,
      ceremony: Omit<Ceremony, 'expiresAt'>,
    ): Promise<void> {
      const now = clock();
      const previous = request.cookies[CEREMONY_COOKIE];
      if (previous && isCeremonyId(previous)) await store.take(previous);
      const id = randomBytes(24).toString('base64url');
      await store.put(id, { ...ceremony, expiresAt: now + CEREMONY_MAX_AGE_SECONDS }, now);
      reply.setCookie(CEREMONY_COOKIE, id, {
        path: '/api/webauthn',
        maxAge: CEREMONY_MAX_AGE_SECONDS,
        httpOnly: true,
        sameSite: 'strict',
        secure: false,
      });
    },
    /** Takes the browser's ceremony of `kind` out (single use); undefined when missing, expired or other. */
    async take(
      request: FastifyRequest,
      reply: FastifyReply,
      kind: Ceremony['kind'],
    ): Promise<Ceremony | undefined> {
      const id = request.cookies[CEREMONY_COOKIE];
      if (!id) return undefined;
      reply.clearCookie(CEREMONY_COOKIE, { path: '/api/webauthn' });
      if (!isCeremonyId(id)) return undefined;
      const ceremony = await store.take(id);
      if (!ceremony || ceremony.kind !== kind || ceremony.expiresAt <= clock()) return undefined;
      return ceremony;
    },
  };
}

export type Ceremonies = ReturnType<typeof createCeremonies>;

/** The ids this module makes (24 random bytes, base64url); anything else in the cookie is no ceremony. */
function isCeremonyId(id: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(id);
}

/** Ceremonies in the database: a row each, deleted when taken; expired ones swept now and then. */
export function createDbCeremonyStore(db: GwDb): CeremonyStore {
  return {
    async put(id, ceremony, now) {
      await db
        .insertInto('webauthn_ceremonies')
        .values({ id, ceremony: JSON.stringify(ceremony), expires_at: ceremony.expiresAt })
        .execute();
      // Ceremonies never finished are deleted here, now and then.
      if (Math.random() < 0.05)
        await db.deleteFrom('webauthn_ceremonies').where('expires_at', '<=', now).execute();
    },
    async take(id) {
      const row = await db
        .selectFrom('webauthn_ceremonies')
        .select('ceremony')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      // Whoever deletes the row owns the ceremony: two finish calls racing with one cookie get it once.
      const deleted = await db.deleteFrom('webauthn_ceremonies').where('id', '=', id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return undefined;
      return parseCeremony(row.ceremony);
    },
  };
}

/** Ceremonies in Redis: a key each, expiring with the ceremony; GETDEL hands it out once. */
export function createRedisCeremonyStore(redis: Redis, keyPrefix = ''): CeremonyStore {
  const keyOf = (id: string) => `${keyPrefix}webauthn_ceremony:${id}`;
  return {
    async put(id, ceremony, now) {
      const seconds = Math.max(1, ceremony.expiresAt - now);
      await redis.set(keyOf(id), JSON.stringify(ceremony), 'EX', seconds);
    },
    async take(id) {
      const text = await redis.getdel(keyOf(id));
      return text === null ? undefined : parseCeremony(text);
    },
  };
}

function parseCeremony(text: string): Ceremony | undefined {
  try {
    const value = JSON.parse(text) as Partial<Ceremony>;
    if (value.kind !== 'registration' && value.kind !== 'login') return undefined;
    if (typeof value.challenge !== 'string' || typeof value.expiresAt !== 'number') return undefined;
    return {
      kind: value.kind,
      challenge: value.challenge,
      userId: typeof value.userId === 'number' ? value.userId : undefined,
      alias: typeof value.alias === 'string' ? value.alias : '',
      expiresAt: value.expiresAt,
    };
  } catch {
    return undefined;
  }
}
