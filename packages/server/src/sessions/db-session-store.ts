// Sessions in the database's `sessions` table: shared by every process on that database.
import type { GwDb } from '../db/database.js';
import {
  isSessionToken,
  newSessionToken,
  type SessionLifetimes,
  type SessionStore,
  sessionKey,
  sessionLive,
  touchInterval,
} from './session-store.js';

export function createDbSessionStore(db: GwDb, lifetimes: SessionLifetimes): SessionStore {
  const touchEvery = touchInterval(lifetimes);
  return {
    async create(userId, now) {
      const token = newSessionToken();
      await db
        .insertInto('sessions')
        .values({ id: sessionKey(token), user_id: userId, created_at: now, last_seen_at: now })
        .execute();
      // Ended sessions are deleted when next presented; those never presented again go here, now and then.
      if (Math.random() < 0.01) await sweep(now);
      return token;
    },
    async resolve(token, now) {
      if (!isSessionToken(token)) return undefined;
      const id = sessionKey(token);
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const session = { createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at) };
      if (!sessionLive(session, now, lifetimes)) {
        await db.deleteFrom('sessions').where('id', '=', id).execute();
        return undefined;
      }
      if (now - session.lastSeenAt >= touchEvery) {
        await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
      }
      return row.user_id;
    },
    async end(token) {
      if (!isSessionToken(token)) return;
      await db.deleteFrom('sessions').where('id', '=', sessionKey(token)).execute();
    },
    async endAllOf(userId, keep) {
      let ended = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keep !== undefined) ended = ended.where('id', '!=', sessionKey(keep));
      await ended.execute();
    },
  };

  /** Deletes sessions past their absolute lifetime or idle limit. */
  async function sweep(now: number): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('created_at', '<=', now - lifetimes.maxAgeSeconds),
          ...(lifetimes.idleSeconds > 0 ? [eb('last_seen_at', '<=', now - lifetimes.idleSeconds)] : []),
        ]),
      )
      .execute();
  }
}
