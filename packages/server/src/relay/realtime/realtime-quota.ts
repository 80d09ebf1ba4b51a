// What the user's open Realtime sessions have spent and not yet settled (behaviour spec §11.5): Redis
// `user_realtime_quota:<id>` (24 h TTL) when Redis is configured, so the sessions of every process count
// together; a map in this process otherwise. Each usage event adds its cost; a session's settlement takes
// its share back out, as the ledger then carries that charge.
import type { Redis } from '../../redis/connection.js';

export interface RealtimeSpend {
  /** Adds points to the user's unsettled spend; resolves to the new total. */
  add(userId: number, points: number): Promise<number>;
  /** Takes a settled session's points back out. */
  settled(userId: number, points: number): Promise<void>;
}

/** The Redis key's lifetime (spec §11.5). */
export const REALTIME_SPEND_TTL_SECONDS = 24 * 60 * 60;

export function realtimeSpendKey(prefix: string, userId: number): string {
  return `${prefix}user_realtime_quota:${userId}`;
}

export function createMemoryRealtimeSpend(): RealtimeSpend {
  const spent = new Map<number, number>();
  return {
    async add(userId, points) {
      const total = (spent.get(userId) ?? 0) + points;
      spent.set(userId, total);
      return total;
    },
    async settled(userId, points) {
      const left = (spent.get(userId) ?? 0) - points;
      if (left > 0) spent.set(userId, left);
      else spent.delete(userId);
    },
  };
}

export function createRedisRealtimeSpend(redis: Redis, keyPrefix = ''): RealtimeSpend {
  return {
    async add(userId, points) {
      const key = realtimeSpendKey(keyPrefix, userId);
      const replies = await redis.multi().incrby(key, points).expire(key, REALTIME_SPEND_TTL_SECONDS).exec();
      const [error, total] = replies?.[0] ?? [new Error('no reply from Redis'), 0];
      if (error) throw error;
      return Number(total);
    },
    async settled(userId, points) {
      if (points <= 0) return;
      const key = realtimeSpendKey(keyPrefix, userId);
      await redis.multi().decrby(key, points).expire(key, REALTIME_SPEND_TTL_SECONDS).exec();
    },
  };
}
