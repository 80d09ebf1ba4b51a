// Sessions in Redis (when REDIS_URL is set): one key per session expiring with it, and a set per user
// naming its sessions so that all of them can be ended together.
import type { Redis } from '../redis/connection.js';
import {
  isSessionToken,
  newSessionToken,
  type SessionLifetimes,
  type SessionStore,
  sessionKey,
  sessionLive,
  touchInterval,
} from './session-store.js';

interface StoredSession {
  u: number;
  c: number;
  s: number;
}

export function createRedisSessionStore(
  redis: Redis,
  lifetimes: SessionLifetimes,
  keyPrefix = '',
): SessionStore {
  const touchEvery = touchInterval(lifetimes);
  const sessionKeyOf = (id: string) => `${keyPrefix}session:${id}`;
  const userKeyOf = (userId: number) => `${keyPrefix}user_sessions:${userId}`;

  /** Seconds until a session ends by either clock (Redis drops the key then). */
  function secondsLeft(session: StoredSession, now: number): number {
    const absolute = session.c + lifetimes.maxAgeSeconds - now;
    const idle = lifetimes.idleSeconds === 0 ? absolute : session.s + lifetimes.idleSeconds - now;
    return Math.max(1, Math.min(absolute, idle));
  }

  async function write(id: string, session: StoredSession, now: number): Promise<void> {
    await redis.set(sessionKeyOf(id), JSON.stringify(session), 'EX', secondsLeft(session, now));
  }

  return {
    async create(userId, now) {
      const token = newSessionToken();
      const id = sessionKey(token);
      await write(id, { u: userId, c: now, s: now }, now);
      await redis
        .multi()
        .sadd(userKeyOf(userId), id)
        .expire(userKeyOf(userId), lifetimes.maxAgeSeconds)
        .exec();
      return token;
    },
    async resolve(token, now) {
      if (!isSessionToken(token)) return undefined;
      const id = sessionKey(token);
      const text = await redis.get(sessionKeyOf(id));
      if (!text) return undefined;
      const session = JSON.parse(text) as StoredSession;
      if (!sessionLive({ createdAt: session.c, lastSeenAt: session.s }, now, lifetimes)) {
        await redis.multi().del(sessionKeyOf(id)).srem(userKeyOf(session.u), id).exec();
        return undefined;
      }
      if (now - session.s >= touchEvery) await write(id, { ...session, s: now }, now);
      return session.u;
    },
    async end(token) {
      if (!isSessionToken(token)) return;
      const id = sessionKey(token);
      const text = await redis.get(sessionKeyOf(id));
      if (!text) return;
      const session = JSON.parse(text) as StoredSession;
      await redis.multi().del(sessionKeyOf(id)).srem(userKeyOf(session.u), id).exec();
    },
    async endAllOf(userId, keep) {
      const kept = keep === undefined ? undefined : sessionKey(keep);
      const ids = (await redis.smembers(userKeyOf(userId))).filter((id) => id !== kept);
      if (ids.length === 0) return;
      const batch = redis.multi().srem(userKeyOf(userId), ...ids);
      for (const id of ids) batch.del(sessionKeyOf(id));
      await batch.exec();
    },
  };
}
