// Channel cooldowns in Redis behave like the memory registry (per model, every model, expiry, the later
// expiry winning) and are shared: a channel frozen through one connection is frozen for the other.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUp,
  TEST_REDIS_URL,
  twoConnections,
  uniqueKeyPrefix,
} from '../../redis/test-support/redis-test-support.js';
import { type ChannelCooldowns, MemoryChannelCooldowns } from './cooldown.js';
import { RedisChannelCooldowns } from './redis-cooldown.js';

const prefix = uniqueKeyPrefix();
let connections: [Redis, Redis] | undefined;
beforeAll(async () => {
  if (TEST_REDIS_URL) connections = await twoConnections(TEST_REDIS_URL);
});
afterAll(async () => {
  if (connections) await cleanUp(connections, prefix);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each test uses channel ids of its own, so runs on one store never see each other's freezes.
const stores: ReadonlyArray<readonly [string, () => ChannelCooldowns]> = [
  ['memory', () => new MemoryChannelCooldowns()],
  ...(TEST_REDIS_URL
    ? ([['redis', () => new RedisChannelCooldowns(connections![0], { keyPrefix: prefix })]] as const)
    : []),
];

describe.each(stores)('%s cooldowns', (_name, make) => {
  it('Given a channel frozen for one model, Then only that model skips it', async () => {
    const cooldowns = make();
    await cooldowns.freeze(11, 'gpt-4o', 60);
    expect(await cooldowns.frozenAmong([10, 11, 12], 'gpt-4o')).toEqual(new Set([11]));
    expect(await cooldowns.frozenAmong([10, 11, 12], 'gpt-4o-mini')).toEqual(new Set());
  });

  it('Given a channel frozen for every model, Then every model skips it', async () => {
    const cooldowns = make();
    await cooldowns.freeze(21, undefined, 60);
    expect(await cooldowns.frozenAmong([20, 21], 'any-model')).toEqual(new Set([21]));
    expect(await cooldowns.frozenAmong([], 'any-model')).toEqual(new Set());
  });

  it('Given zero seconds, Then nothing is frozen', async () => {
    const cooldowns = make();
    await cooldowns.freeze(31, 'm', 0);
    expect(await cooldowns.frozenAmong([31], 'm')).toEqual(new Set());
  });

  it('Given a short freeze, Then it ends; and a shorter freeze does not cut a longer one short', async () => {
    const cooldowns = make();
    await cooldowns.freeze(41, 'm', 0.1);
    await cooldowns.freeze(42, 'm', 60);
    await cooldowns.freeze(42, 'm', 0.05);
    expect(await cooldowns.frozenAmong([41, 42], 'm')).toEqual(new Set([41, 42]));
    await sleep(150);
    expect(await cooldowns.frozenAmong([41, 42], 'm')).toEqual(new Set([42]));
  });
});

describe.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])('Redis cooldowns shared (%s)', () => {
  it('Given two processes, Then a freeze by one is seen by the other, with a PX expiry on the key', async () => {
    const [a, b] = connections!.map((redis) => new RedisChannelCooldowns(redis, { keyPrefix: prefix }));
    await a!.freeze(51, 'claude-3', 30);
    expect(await b!.frozenAmong([50, 51], 'claude-3')).toEqual(new Set([51]));
    const ttl = await connections![1].pttl(`${prefix}cooldown:51:claude-3`);
    expect(ttl).toBeGreaterThan(29_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });
});
