// The per-IP sliding log (spec §13.2): the same behaviour in memory and in Redis, the slide on an injected
// clock, the idle sweep, and one log shared by two Redis connections.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, openRedis } from '../redis/connection.js';
import {
  cleanUp,
  TEST_REDIS_URL,
  twoConnections,
  uniqueKeyPrefix,
} from '../redis/test-support/redis-test-support.js';
import { createRateLimiters } from './create-rate-limiters.js';
import type { IpRateLimiter } from './limiters.js';
import { MemoryIpRateLimiter } from './memory-ip-limiter.js';
import { RedisIpRateLimiter } from './redis-ip-limiter.js';

const prefix = uniqueKeyPrefix();
let connections: [Redis, Redis] | undefined;
beforeAll(async () => {
  if (TEST_REDIS_URL) connections = await twoConnections(TEST_REDIS_URL);
});
afterAll(async () => {
  if (connections) await cleanUp(connections, prefix);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function allowedOf(
  limiter: IpRateLimiter,
  ip: string,
  max: number,
  windowSeconds: number,
  count: number,
) {
  let allowed = 0;
  for (let i = 0; i < count; i++) if (await limiter.allow('GA', ip, max, windowSeconds)) allowed++;
  return allowed;
}

const stores: ReadonlyArray<readonly [string, () => IpRateLimiter]> = [
  ['memory', () => new MemoryIpRateLimiter()],
  ...(TEST_REDIS_URL
    ? ([['redis', () => new RedisIpRateLimiter(connections![0], { keyPrefix: prefix })]] as const)
    : []),
];

describe.each(stores)('the %s IP limiter', (_name, make) => {
  it('Given max 3, Then three requests pass and the fourth is denied, per mark and per address', async () => {
    const limiter = make();
    expect(await allowedOf(limiter, '10.1.0.1', 3, 180, 4)).toBe(3);
    expect(await limiter.allow('CT', '10.1.0.1', 3, 180)).toBe(true);
    expect(await limiter.allow('GA', '10.1.0.2', 3, 180)).toBe(true);
  });

  it('Given a full log, Then the wait it reports is until the oldest counted request leaves the window', async () => {
    const limiter = make();
    expect(await allowedOf(limiter, '10.1.0.5', 2, 120, 3)).toBe(2);
    const wait = await limiter.retryAfterSeconds('GA', '10.1.0.5', 2, 120);
    expect(wait).toBeGreaterThanOrEqual(118);
    expect(wait).toBeLessThanOrEqual(120);
  });

  it('Given max 0, Then every request is denied', async () => {
    expect(await allowedOf(make(), '10.1.0.3', 0, 180, 2)).toBe(0);
  });

  it('Given a short window, Then a slot opens once the oldest request has left it', async () => {
    const limiter = make();
    expect(await allowedOf(limiter, '10.1.0.4', 2, 0.2, 3)).toBe(2);
    await sleep(250);
    expect(await allowedOf(limiter, '10.1.0.4', 2, 0.2, 3)).toBe(2);
  });
});

describe('the memory IP limiter on an injected clock', () => {
  it('Given max 3 per 180 s, Then the window slides from the oldest of the last three', async () => {
    let now = 0;
    const limiter = new MemoryIpRateLimiter({ now: () => now });
    const allow = () => limiter.allow('GA', '10.2.0.1', 3, 180);
    for (const at of [0, 1000, 2000]) {
      now = at;
      expect(await allow()).toBe(true);
    }
    now = 179_999;
    expect(await allow()).toBe(false);
    now = 180_000;
    expect(await allow()).toBe(true);
    // The oldest counted now is the one at 1 s.
    expect(await allow()).toBe(false);
    now = 181_000;
    expect(await allow()).toBe(true);
  });

  it('Given addresses gone idle, Then a later call drops their logs', async () => {
    let now = 0;
    const limiter = new MemoryIpRateLimiter({ now: () => now, sweepIntervalMs: 1000 });
    await limiter.allow('GA', '10.2.0.2', 5, 180);
    await limiter.allow('CT', '10.2.0.3', 5, 1200);
    now = 200_000;
    await limiter.allow('GA', '10.2.0.4', 5, 180);
    // The GA log left its window and was dropped; the CT log's window is still open.
    expect(limiter.size).toBe(2);
  });
});

describe.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])('the Redis IP limiter (%s)', (url) => {
  it('Given two processes racing, Then one log admits exactly max requests', async () => {
    const [a, b] = connections!.map((redis) => new RedisIpRateLimiter(redis, { keyPrefix: prefix }));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a! : b!).allow('CT', '10.3.0.1', 7, 1200)),
    );
    expect(results.filter(Boolean)).toHaveLength(7);
    const key = `${prefix}rateLimit:CT:10.3.0.1`;
    expect(await connections![1].llen(key)).toBe(7);
    expect(await connections![1].pttl(key)).toBeGreaterThan(1_000_000);
  });

  it('Given createRateLimiters with a connection, Then its IP limiter is the shared one', async () => {
    const first = createRateLimiters(connections![0], { keyPrefix: prefix }).ip;
    const second = createRateLimiters(connections![1], { keyPrefix: prefix }).ip;
    expect(await first.allow('GA', '10.3.0.2', 1, 180)).toBe(true);
    expect(await second.allow('GA', '10.3.0.2', 1, 180)).toBe(false);
  });

  it('Given Redis fails, Then allow rejects (the plugin answers 500)', async () => {
    const broken = await openRedis(url);
    await closeRedis(broken);
    await expect(new RedisIpRateLimiter(broken).allow('GA', '10.3.0.3', 5, 180)).rejects.toThrow();
  });
});

describe('createRateLimiters without Redis', () => {
  it('Given no connection, Then both limiters live in memory', () => {
    const limiters = createRateLimiters();
    expect(limiters.ip).toBeInstanceOf(MemoryIpRateLimiter);
    expect(limiters.api.constructor.name).toBe('MemoryApiRateLimiter');
  });
});
