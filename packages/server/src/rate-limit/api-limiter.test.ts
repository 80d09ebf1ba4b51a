// The per-user limiter (spec §13.1): the shape of a limit, the same behaviour in memory and in Redis, the
// bucket's refill on an injected clock, and one bucket shared by two Redis connections.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, openRedis } from '../redis/connection.js';
import {
  cleanUp,
  TEST_REDIS_URL,
  twoConnections,
  uniqueKeyPrefix,
} from '../redis/test-support/redis-test-support.js';
import { type ApiRateLimiter, apiLimitShape } from './limiters.js';
import { MemoryApiRateLimiter } from './memory-api-limiter.js';
import { RedisApiRateLimiter } from './redis-api-limiter.js';

const prefix = uniqueKeyPrefix();
let connections: [Redis, Redis] | undefined;
beforeAll(async () => {
  if (TEST_REDIS_URL) connections = await twoConnections(TEST_REDIS_URL);
});
afterAll(async () => {
  if (connections) await cleanUp(connections, prefix);
});

/** How many of `count` sequential requests were allowed. */
async function allowedOf(limiter: ApiRateLimiter, userId: number, rpm: number, count: number) {
  let allowed = 0;
  for (let i = 0; i < count; i++) if (await limiter.allow(userId, rpm)) allowed++;
  return allowed;
}

describe('apiLimitShape', () => {
  it.each([
    [0, { kind: 'deny' }],
    [-5, { kind: 'deny' }],
    [1, { kind: 'window', max: 1 }],
    [59, { kind: 'window', max: 59 }],
    [60, { kind: 'bucket', ratePerSecond: 1, capacity: 10 }],
    [66, { kind: 'bucket', ratePerSecond: 1, capacity: 11 }],
    [600, { kind: 'bucket', ratePerSecond: 10, capacity: 100 }],
    [150, { kind: 'bucket', ratePerSecond: 2, capacity: 25 }],
  ])('Given rpm %d, Then the limit is %o', (rpm, shape) => {
    expect(apiLimitShape(rpm)).toEqual(shape);
  });
});

// Users are numbered per test so the runs of one store never share a key.
const stores: ReadonlyArray<readonly [string, () => ApiRateLimiter]> = [
  ['memory', () => new MemoryApiRateLimiter()],
  ...(TEST_REDIS_URL
    ? ([['redis', () => new RedisApiRateLimiter(connections![0], { keyPrefix: prefix })]] as const)
    : []),
];

describe.each(stores)('the %s limiter', (_name, make) => {
  it('Given rpm 0, Then even the first request is denied (the memory quirk is fixed)', async () => {
    expect(await allowedOf(make(), 1, 0, 3)).toBe(0);
  });

  it('Given rpm 3, Then three requests of the minute pass and the fourth is denied', async () => {
    const limiter = make();
    expect(await allowedOf(limiter, 2, 3, 3)).toBe(3);
    expect(await limiter.allow(2, 3)).toBe(false);
    // Another user has a window of their own.
    expect(await limiter.allow(3, 3)).toBe(true);
  });

  it('Given rpm 60, Then a burst of the capacity (10) passes and the next is denied', async () => {
    const limiter = make();
    // Ten quick calls take far less than the second that would refill one token.
    expect(await allowedOf(limiter, 4, 60, 11)).toBe(10);
  });
});

describe('the memory limiter on an injected clock', () => {
  it('Given rpm 120 (2/s, capacity 20), Then an empty bucket refills at 2 tokens a second up to 20', async () => {
    let now = 1_000_000;
    const limiter = new MemoryApiRateLimiter({ now: () => now });
    expect(await allowedOf(limiter, 1, 120, 25)).toBe(20);
    now += 499;
    expect(await limiter.allow(1, 120)).toBe(false);
    now += 1;
    expect(await limiter.allow(1, 120)).toBe(true);
    expect(await limiter.allow(1, 120)).toBe(false);
    now += 60_000;
    expect(await allowedOf(limiter, 1, 120, 25)).toBe(20);
  });

  it('Given rpm 2, Then the window opens again 60 s after its first request', async () => {
    let now = 0;
    const limiter = new MemoryApiRateLimiter({ now: () => now });
    expect(await allowedOf(limiter, 1, 2, 3)).toBe(2);
    now += 59_999;
    expect(await limiter.allow(1, 2)).toBe(false);
    now += 1;
    expect(await allowedOf(limiter, 1, 2, 3)).toBe(2);
  });

  it('Given users gone idle, Then a later call drops their state', async () => {
    let now = 0;
    const limiter = new MemoryApiRateLimiter({ now: () => now, sweepIntervalMs: 1000 });
    await limiter.allow(1, 10);
    await limiter.allow(2, 600);
    expect(limiter.size).toBe(2);
    now += 61_000;
    await limiter.allow(3, 10);
    expect(limiter.size).toBe(1);
  });
});

describe.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])('the Redis limiter (%s)', (url) => {
  it('Given two processes, Then they draw on one bucket, also when racing', async () => {
    const [a, b] = connections!.map((redis) => new RedisApiRateLimiter(redis, { keyPrefix: prefix }));
    // Alternating sequentially: 10 of 14 pass in all.
    let allowed = 0;
    for (let i = 0; i < 7; i++) {
      if (await a!.allow(100, 60)) allowed++;
      if (await b!.allow(100, 60)) allowed++;
    }
    expect(allowed).toBe(10);
    // Racing: 40 requests at once across both still take exactly the 10 tokens of a fresh bucket.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a! : b!).allow(101, 60)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
  });

  it('Given two processes, Then they share one fixed window', async () => {
    const [a, b] = connections!.map((redis) => new RedisApiRateLimiter(redis, { keyPrefix: prefix }));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a! : b!).allow(102, 5)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    const ttl = await connections![0].pttl(`${prefix}{api-limiter:102}:count`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('Given Redis fails, Then the request is denied and the error reported', async () => {
    const broken = await openRedis(url);
    await closeRedis(broken);
    const errors: unknown[] = [];
    const limiter = new RedisApiRateLimiter(broken, { keyPrefix: prefix, onError: (e) => errors.push(e) });
    expect(await limiter.allow(103, 600)).toBe(false);
    expect(await limiter.allow(103, 10)).toBe(false);
    expect(errors).toHaveLength(2);
  });
});
