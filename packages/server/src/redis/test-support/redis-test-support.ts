// Redis for tests: the runs are added only when GW_TEST_REDIS_URL is set; each test file works under a key
// prefix of its own and deletes its keys afterwards, so parallel files and repeated runs never meet.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeRedis, openRedis } from '../connection.js';

/** The test Redis, when this run has one. */
export const TEST_REDIS_URL = process.env.GW_TEST_REDIS_URL;

/** A key prefix no other run uses. */
export function uniqueKeyPrefix(): string {
  return `gwtest:${randomBytes(6).toString('hex')}:`;
}

/** Two separate connections, standing for two server processes. */
export async function twoConnections(url: string): Promise<[Redis, Redis]> {
  return [await openRedis(url), await openRedis(url)];
}

/** Deletes every key under `prefix`. */
export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Cleans the prefix and closes the connections. */
export async function cleanUp(connections: readonly Redis[], prefix: string): Promise<void> {
  const [first] = connections;
  if (first) await deleteKeysUnder(first, prefix);
  await Promise.all(connections.map((redis) => closeRedis(redis)));
}
