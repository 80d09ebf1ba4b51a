// The session stores (issue 15) on every dialect and on Redis, with two stores standing for two
// processes: a session made by one is seen, and ended, by the other; idle and absolute lifetimes end
// it by the clock given (no timers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { TEST_DIALECTS } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import {
  cleanUp,
  TEST_REDIS_URL,
  twoConnections,
  uniqueKeyPrefix,
} from '../redis/test-support/redis-test-support.js';
import { createDbSessionStore } from './db-session-store.js';
import { createRedisSessionStore } from './redis-session-store.js';
import type { SessionLifetimes, SessionStore } from './session-store.js';

const LIFETIMES: SessionLifetimes = { maxAgeSeconds: 1000, idleSeconds: 100 };
const NOW = 1_800_000_000;

const redisUrl = TEST_REDIS_URL ?? '';

type StorePair = { a: SessionStore; b: SessionStore; close: () => Promise<void> };

const backends: Array<[string, (lifetimes: SessionLifetimes) => Promise<StorePair>]> = [
  ...TEST_DIALECTS.map((kind): [string, (l: SessionLifetimes) => Promise<StorePair>] => [
    kind,
    async (lifetimes) => {
      const t: TestApp = await startTestApp(kind);
      return {
        a: createDbSessionStore(t.app.gw.db, lifetimes),
        b: createDbSessionStore(t.app.gw.db, lifetimes),
        close: () => t.close(),
      };
    },
  ]),
  ...(redisUrl
    ? [
        [
          'redis',
          async (lifetimes: SessionLifetimes) => {
            const prefix = uniqueKeyPrefix();
            const connections: [Redis, Redis] = await twoConnections(redisUrl);
            return {
              a: createRedisSessionStore(connections[0], lifetimes, prefix),
              b: createRedisSessionStore(connections[1], lifetimes, prefix),
              close: () => cleanUp(connections, prefix),
            };
          },
        ] as [string, (l: SessionLifetimes) => Promise<StorePair>],
      ]
    : []),
];

describe.each(backends)('sessions in %s', (_name, open) => {
  let stores: StorePair;
  beforeAll(async () => {
    stores = await open(LIFETIMES);
  });
  afterAll(() => stores?.close());

  it('a session started in one process is the user in the other; ending it ends it in both', async () => {
    const token = await stores.a.create(7, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stores.b.resolve(token, NOW + 1)).toBe(7);
    await stores.b.end(token);
    expect(await stores.a.resolve(token, NOW + 2)).toBeUndefined();
  });

  it('ending all of a user keeps the named session and other users', async () => {
    const one = await stores.a.create(8, NOW);
    const two = await stores.a.create(8, NOW);
    const kept = await stores.a.create(8, NOW);
    const other = await stores.a.create(9, NOW);
    await stores.b.endAllOf(8, kept);
    expect(await stores.a.resolve(one, NOW + 1)).toBeUndefined();
    expect(await stores.a.resolve(two, NOW + 1)).toBeUndefined();
    expect(await stores.a.resolve(kept, NOW + 1)).toBe(8);
    expect(await stores.a.resolve(other, NOW + 1)).toBe(9);
    await stores.b.endAllOf(8);
    expect(await stores.a.resolve(kept, NOW + 2)).toBeUndefined();
  });

  it('an idle session ends after the idle limit; use keeps it alive', async () => {
    const used = await stores.a.create(10, NOW);
    const idle = await stores.a.create(10, NOW);
    // Used every 60 s: the last-seen clock moves with it.
    for (let at = NOW + 60; at <= NOW + 300; at += 60) expect(await stores.b.resolve(used, at)).toBe(10);
    expect(await stores.b.resolve(used, NOW + 360)).toBe(10);
    expect(await stores.b.resolve(idle, NOW + LIFETIMES.idleSeconds)).toBeUndefined();
  });

  it('a session ends at its absolute lifetime however much it is used', async () => {
    const token = await stores.a.create(11, NOW);
    for (let at = NOW + 60; at < NOW + LIFETIMES.maxAgeSeconds; at += 60) {
      expect(await stores.b.resolve(token, at)).toBe(11);
    }
    expect(await stores.b.resolve(token, NOW + LIFETIMES.maxAgeSeconds)).toBeUndefined();
  });

  it('a token of another shape (an old signed cookie, garbage) is no session', async () => {
    expect(await stores.a.resolve('eyJ1IjoxLCJ0IjoxfQ.c2ln', NOW)).toBeUndefined();
    expect(await stores.a.resolve('', NOW)).toBeUndefined();
    expect(await stores.a.resolve('x'.repeat(43), NOW)).toBeUndefined();
  });
});
