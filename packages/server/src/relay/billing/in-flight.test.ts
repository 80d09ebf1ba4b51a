// The in-flight stores: one process's claims in memory, every process's in Redis (when GW_TEST_REDIS_URL is
// set), with the same admission rule; in Redis a settled request stays counted by the other processes until
// its ledger entry is written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, openRedis, type Redis } from '../../redis/connection.js';
import { inFlightBound, requestedCompletionTokens } from './in-flight-bound.js';
import { type InFlightClaim, type InFlightStore, MemoryInFlightStore } from './in-flight.js';
import { RedisInFlightStore } from './redis-in-flight.js';
import { requestRatios } from './request-ratios.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;
let seq = 0;

function claim(userId: number, points: number, tokenId?: number): InFlightClaim {
  seq += 1;
  return { id: `req-${seq}`, userId, tokenId, points, minimum: Math.min(points, 500) };
}

function sharedCases(name: string, open: () => InFlightStore) {
  describe(name, () => {
    it('admits the first request on the one-hub minimum, the next only when the balance covers both', async () => {
      const store = open();
      const first = claim(1, 5_000);
      expect(await store.admit(first, { user: 3_000, token: undefined })).toBeNull();
      expect(await store.admit(claim(1, 5_000), { user: 3_000, token: undefined })).toBe('user');
      // Another user is not affected.
      expect(await store.admit(claim(2, 5_000), { user: 3_000, token: undefined })).toBeNull();
      store.release(first.id);
      expect(await store.admit(claim(1, 5_000), { user: 3_000, token: undefined })).toBeNull();
      await store.close();
    });

    it('sums every running claim of a user against the balance', async () => {
      const store = open();
      for (let i = 0; i < 4; i++) {
        expect(await store.admit(claim(3, 2_500), { user: 10_000, token: undefined })).toBeNull();
      }
      expect(await store.admit(claim(3, 1), { user: 10_000, token: undefined })).toBe('user');
      await store.close();
    });

    it("checks a limited key's remaining quota the same way, before the user's", async () => {
      const store = open();
      expect(await store.admit(claim(4, 2_000, 40), { user: 1e9, token: 3_000 })).toBeNull();
      expect(await store.admit(claim(4, 2_000, 40), { user: 1e9, token: 3_000 })).toBe('token');
      // The same user's other key has its own limit.
      expect(await store.admit(claim(4, 2_000, 41), { user: 1e9, token: 3_000 })).toBeNull();
      await store.close();
    });

    it('refuses below the minimum even with nothing else in flight', async () => {
      const store = open();
      expect(await store.admit(claim(5, 5_000), { user: 100, token: undefined })).toBe('user');
      await store.close();
    });
  });
}

sharedCases('memory in-flight store', () => new MemoryInFlightStore());

describe.runIf(REDIS_URL)('Redis in-flight store', () => {
  let redis: Redis;
  let prefix: string;
  beforeAll(async () => {
    redis = await openRedis(REDIS_URL as string);
  });
  afterAll(async () => {
    const keys = await redis.keys(`gw-test-inflight-*`);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
  });
  const open = (nodeId = 'a') => {
    prefix ??= `gw-test-inflight-${randomUUID()}:`;
    return new RedisInFlightStore(redis, { keyPrefix: prefix, nodeId });
  };

  sharedCases(
    'shared cases',
    () => new RedisInFlightStore(redis, { keyPrefix: `gw-test-inflight-${randomUUID()}:`, nodeId: 'a' }),
  );

  it("counts another process's running claims", async () => {
    prefix = `gw-test-inflight-${randomUUID()}:`;
    const a = open('a');
    const b = open('b');
    expect(await a.admit(claim(7, 5_000), { user: 8_000, token: undefined })).toBeNull();
    expect(await b.admit(claim(7, 5_000), { user: 8_000, token: undefined })).toBe('user');
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps a settled charge counted by the other processes until its entry is written, then a grace', async () => {
    prefix = `gw-test-inflight-${randomUUID()}:`;
    const a = open('a');
    const b = open('b');
    const first = claim(8, 5_000);
    expect(await a.admit(first, { user: 8_000, token: undefined })).toBeNull();
    a.settled(first.id, { user: 4_000, token: 0 });
    // Process b's cached balance (4,400) does not show a's unwritten 4,000 yet: the store does, and what is
    // left (400) is below even the one-hub minimum (500).
    expect(await b.admit(claim(8, 5_000), { user: 4_400, token: undefined })).toBe('user');
    const fromB = claim(8, 5_000);
    expect(await b.admit(fromB, { user: 4_600, token: undefined })).toBeNull();
    b.release(fromB.id);
    // Process a has the charge in its own ledger's pending sums, so it does not count it twice.
    const again = claim(8, 3_000);
    expect(await a.admit(again, { user: 4_000, token: undefined })).toBeNull();
    a.release(again.id);
    a.written([first.id]);
    const field = await redis.hget(`${prefix}inflight:u:8`, first.id);
    expect(field).toMatch(/^4000:\d+:o:a$/);
    await new Promise((resolve) => setTimeout(resolve, 2_700));
    expect(await redis.hget(`${prefix}inflight:u:8`, first.id)).toBeNull();
    await Promise.all([a.close(), b.close()]);
  });

  it("forgets a crashed process's claims once their fields expire", async () => {
    prefix = `gw-test-inflight-${randomUUID()}:`;
    const b = open('b');
    const key = `${prefix}inflight:u:9`;
    await redis.hset(key, 'dead-1', `5000:${Date.now() - 1}:r:gone`);
    expect(await b.admit(claim(9, 5_000), { user: 6_000, token: undefined })).toBeNull();
    expect(await redis.hexists(key, 'dead-1')).toBe(0);
    await b.close();
  });
});

describe('in-flight bound', () => {
  const ratios = requestRatios({ type: 'tokens', input: 1, output: 1000 }, 1);

  it('adds the completion allowance at the output ratio, or the smaller limit the request asks for', () => {
    expect(inFlightBound(510, ratios, undefined, 4096)).toBe(510 + 4096 * 1000);
    expect(inFlightBound(510, ratios, 5, 4096)).toBe(5_510);
    expect(inFlightBound(510, ratios, 100_000, 4096)).toBe(510 + 4096 * 1000);
  });

  it('counts a per-call price and a free request at the hold', () => {
    expect(inFlightBound(2_000, requestRatios({ type: 'times', input: 2, output: 0 }, 1), 5, 4096)).toBe(
      2_000,
    );
    expect(inFlightBound(0, ratios, 5, 4096)).toBe(0);
  });

  it('reads max_completion_tokens, max_tokens or max_output_tokens', () => {
    expect(requestedCompletionTokens({ max_tokens: 12 })).toBe(12);
    expect(requestedCompletionTokens({ max_completion_tokens: 7, max_tokens: 12 })).toBe(7);
    expect(requestedCompletionTokens({ max_output_tokens: 3 })).toBe(3);
    expect(requestedCompletionTokens({ max_tokens: -1 })).toBeUndefined();
    expect(requestedCompletionTokens({})).toBeUndefined();
  });
});
