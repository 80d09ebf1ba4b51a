// The in-flight stores: one process's claims in memory, every process's in Redis (when GW_TEST_REDIS_URL is
// set) or in the cluster primary's claim table, with the same admission rule; in the shared ones a settled
// request stays counted by the other processes until its ledger entry is written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, openRedis, type Redis } from '../../redis/connection.js';
import {
  applyCompletionLimit,
  completionLimit,
  LEAST_COMPLETION_TOKENS,
  planClaim,
} from './completion-budget.js';
import { requestedCompletionTokens } from './in-flight-bound.js';
import { ClaimTable, localClaimKeeper } from './claim-table.js';
import { type InFlightClaim, type InFlightStore, MemoryInFlightStore } from './in-flight.js';
import { RedisInFlightStore } from './redis-in-flight.js';
import { RUNNING_TTL_MS, SharedInFlightStore, WRITTEN_GRACE_MS } from './shared-in-flight.js';
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
      expect(await store.admit(first, { user: 3_000, token: undefined })).toBeTypeOf('number');
      expect(await store.admit(claim(1, 5_000), { user: 3_000, token: undefined })).toBe('user');
      // Another user is not affected.
      expect(await store.admit(claim(2, 5_000), { user: 3_000, token: undefined })).toBeTypeOf('number');
      store.release(first.id);
      expect(await store.admit(claim(1, 5_000), { user: 3_000, token: undefined })).toBeTypeOf('number');
      await store.close();
    });

    it('sums every running claim of a user against the balance', async () => {
      const store = open();
      for (let i = 0; i < 4; i++) {
        expect(await store.admit(claim(3, 2_500), { user: 10_000, token: undefined })).toBeTypeOf('number');
      }
      expect(await store.admit(claim(3, 1), { user: 10_000, token: undefined })).toBe('user');
      await store.close();
    });

    it("checks a limited key's remaining quota the same way, before the user's", async () => {
      const store = open();
      expect(await store.admit(claim(4, 2_000, 40), { user: 1e9, token: 3_000 })).toBeTypeOf('number');
      expect(await store.admit(claim(4, 2_000, 40), { user: 1e9, token: 3_000 })).toBe('token');
      // The same user's other key has its own limit.
      expect(await store.admit(claim(4, 2_000, 41), { user: 1e9, token: 3_000 })).toBeTypeOf('number');
      await store.close();
    });

    it('grants what is left, down to the least a request accepts, beside other claims', async () => {
      const store = open();
      expect(await store.admit(claim(6, 6_000), { user: 10_000, token: undefined })).toBe(6_000);
      const partly = { ...claim(6, 6_000), least: 3_000 };
      expect(await store.admit(partly, { user: 10_000, token: undefined })).toBe(4_000);
      expect(await store.admit({ ...claim(6, 6_000), least: 1 }, { user: 10_000, token: undefined })).toBe(
        'user',
      );
      await store.close();
    });

    it('grows a running claim only within the balance, never on the one-hub minimum', async () => {
      const store = open();
      const first = claim(10, 2_000, 60);
      expect(await store.admit(first, { user: 1e9, token: 10_000 })).toBe(2_000);
      expect(await store.admit(claim(10, 3_000, 60), { user: 1e9, token: 10_000 })).toBe(3_000);
      // 10,000 − 3,000 of the other claim leaves 7,000: asked 9,000, at least 5,000.
      const balances = { user: 1e9, token: 10_000 };
      expect(await store.grow(first.id, { points: 9_000, least: 5_000 }, balances)).toBe(7_000);
      expect(await store.admit({ ...claim(10, 1, 60), least: 1 }, balances)).toBe('token');
      expect(await store.grow(first.id, { points: 9_000, least: 8_000 }, balances)).toBeUndefined();
      // A lone claim grows past the balance no more than one beside others does.
      const lone = claim(11, 5_000);
      expect(await store.admit(lone, { user: 3_000, token: undefined })).toBe(5_000);
      expect(
        await store.grow(lone.id, { points: 6_000, least: 6_000 }, { user: 3_000, token: undefined }),
      ).toBe(undefined);
      expect(await store.grow('unknown', { points: 1, least: 1 }, { user: 1e9, token: undefined })).toBe(
        undefined,
      );
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

/** Two or more processes on one shared store: `open(node)` is one process's store on the shared tables. */
interface SharedSetup {
  open(nodeId: string): InFlightStore;
  /** A field of the shared tables, as stored (`points:expires:state:node`), or null. */
  field(key: string, claimId: string): Promise<string | null>;
  /** Writes a field directly (a process that crashed left it). */
  plant(key: string, claimId: string, value: string): Promise<void>;
  /** The name of the user table of `userId`. */
  userKey(userId: number): string;
}

function crossProcessCases(setup: () => SharedSetup) {
  it("counts another process's running claims", async () => {
    const shared = setup();
    const a = shared.open('a');
    const b = shared.open('b');
    expect(await a.admit(claim(7, 5_000), { user: 8_000, token: undefined })).toBeTypeOf('number');
    expect(await b.admit(claim(7, 5_000), { user: 8_000, token: undefined })).toBe('user');
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps a settled charge counted by the other processes until its entry is written, then a grace', async () => {
    const shared = setup();
    const a = shared.open('a');
    const b = shared.open('b');
    const first = claim(8, 5_000);
    expect(await a.admit(first, { user: 8_000, token: undefined })).toBeTypeOf('number');
    a.settled(first.id, { user: 4_000, token: 0 });
    // Process b's cached balance (4,400) does not show a's unwritten 4,000 yet: the store does, and what is
    // left (400) is below even the one-hub minimum (500).
    expect(await b.admit(claim(8, 5_000), { user: 4_400, token: undefined })).toBe('user');
    const fromB = claim(8, 5_000);
    expect(await b.admit(fromB, { user: 4_600, token: undefined })).toBeTypeOf('number');
    b.release(fromB.id);
    // Process a has the charge in its own ledger's pending sums, so it does not count it twice.
    const again = claim(8, 3_000);
    expect(await a.admit(again, { user: 4_000, token: undefined })).toBeTypeOf('number');
    a.release(again.id);
    a.written([first.id]);
    expect(await shared.field(shared.userKey(8), first.id)).toBeNull();
    expect(await shared.field(shared.userKey(8), 'owed:a')).toMatch(/^4000:\d+:o:a$/);
    await new Promise((resolve) => setTimeout(resolve, WRITTEN_GRACE_MS + 200));
    expect(await shared.field(shared.userKey(8), 'owed:a')).toBeNull();
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps one owed field per process, the sum of its settled charges: a claim step reads a few fields, not one per settled request', async () => {
    const shared = setup();
    const a = shared.open('a');
    const b = shared.open('b');
    const settled = [];
    for (let index = 0; index < 300; index += 1) {
      const one = claim(12, 100);
      expect(await a.admit(one, { user: 1e9, token: undefined })).toBe(100);
      a.settled(one.id, { user: 30, token: 0 });
      settled.push(one.id);
    }
    expect(await shared.field(shared.userKey(12), settled[0] as string)).toBeNull();
    expect(await shared.field(shared.userKey(12), 'owed:a')).toMatch(/^9000:\d+:o:a$/);
    // Process b counts all 9,000: 9,400 left covers one 400-point claim, not 401.
    expect(await b.admit(claim(12, 401), { user: 9_400, token: undefined })).toBe('user');
    const fits = claim(12, 400);
    expect(await b.admit(fits, { user: 9_400, token: undefined })).toBe(400);
    b.release(fits.id);
    a.written(settled.slice(0, 100));
    await new Promise((resolve) => setTimeout(resolve, WRITTEN_GRACE_MS + 200));
    expect(await shared.field(shared.userKey(12), 'owed:a')).toMatch(/^6000:\d+:o:a$/);
    await Promise.all([a.close(), b.close()]);
    expect(await shared.field(shared.userKey(12), 'owed:a')).toBeNull();
  });

  it("forgets a crashed process's claims once their fields expire", async () => {
    const shared = setup();
    const b = shared.open('b');
    await shared.plant(shared.userKey(9), 'dead-1', `5000:${Date.now() - 1}:r:gone`);
    expect(await b.admit(claim(9, 5_000), { user: 6_000, token: undefined })).toBeTypeOf('number');
    expect(await shared.field(shared.userKey(9), 'dead-1')).toBeNull();
    await b.close();
  });
}

describe.runIf(REDIS_URL)('Redis in-flight store', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await openRedis(REDIS_URL as string);
  });
  afterAll(async () => {
    const keys = await redis.keys(`gw-test-inflight-*`);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
  });

  sharedCases(
    'shared cases',
    () => new RedisInFlightStore(redis, { keyPrefix: `gw-test-inflight-${randomUUID()}:`, nodeId: 'a' }),
  );

  crossProcessCases(() => {
    const prefix = `gw-test-inflight-${randomUUID()}:`;
    return {
      open: (nodeId) => new RedisInFlightStore(redis, { keyPrefix: prefix, nodeId }),
      field: (key, claimId) => redis.hget(key, claimId),
      plant: async (key, claimId, value) => {
        await redis.hset(key, claimId, value);
      },
      userKey: (userId) => `${prefix}inflight:u:${userId}`,
    };
  });
});

// Without Redis the workers of `gw serve --workers N` share the primary's table over IPC
// (cluster/workers.relay.test.ts runs it through a real cluster); here the table is called in the process.
describe("the cluster primary's claim table", () => {
  sharedCases(
    'shared cases',
    () => new SharedInFlightStore(localClaimKeeper(new ClaimTable()), { nodeId: 'a' }),
  );

  crossProcessCases(() => {
    const table = new ClaimTable();
    return {
      open: (nodeId) => new SharedInFlightStore(localClaimKeeper(table), { nodeId }),
      field: async (key, claimId) => table.field(key, claimId) ?? null,
      plant: async (key, claimId, value) => table.write([{ key, field: claimId, value }]),
      userKey: (userId) => `inflight:u:${userId}`,
    };
  });

  it("drops a dead worker's running claims at once, keeps its settled ones, sweeps expired ones", async () => {
    const table = new ClaimTable();
    const a = new SharedInFlightStore(localClaimKeeper(table), { nodeId: 'a' });
    const running = claim(11, 5_000);
    const settled = claim(11, 1_000);
    expect(await a.admit(running, { user: 1e9, token: undefined })).toBe(5_000);
    expect(await a.admit(settled, { user: 1e9, token: undefined })).toBe(1_000);
    a.settled(settled.id, { user: 700, token: 0 });
    table.dropRunning('a');
    expect(table.field('inflight:u:11', running.id)).toBeUndefined();
    expect(table.field('inflight:u:11', 'owed:a')).toMatch(/^700:\d+:o:a$/);
    table.sweep(Date.now() + RUNNING_TTL_MS * 10);
    expect(table.size).toBe(0);
    await a.close();
  });
});

describe('the memory store over many requests', () => {
  it('keeps a running claim and its sums exact while hundreds of others start and end around it', () => {
    const store = new MemoryInFlightStore();
    const long = claim(30, 4_000, 31);
    expect(store.admitNow(long, { user: 10_000, token: 10_000 })).toBe(4_000);
    for (let index = 0; index < 300; index += 1) {
      const short = claim(30, 1_000, 31);
      expect(store.admitNow(short, { user: 10_000, token: 10_000 })).toBe(1_000);
      store.release(short.id);
    }
    expect(store.size).toBe(1);
    // The long claim still counts: 10,000 covers it and 6,000 more, not 6,001.
    expect(store.admitNow(claim(30, 6_001, 31), { user: 10_000, token: 1e9 })).toBe('user');
    expect(store.admitNow(claim(30, 6_001, 31), { user: 1e9, token: 10_000 })).toBe('token');
    expect(store.growNow(long.id, { points: 5_000, least: 5_000 }, { user: 10_000, token: 10_000 })).toBe(
      5_000,
    );
    store.release(long.id);
    expect(store.size).toBe(0);
    expect(
      store.growNow(long.id, { points: 6_000, least: 6_000 }, { user: 1e9, token: 1e9 }),
    ).toBeUndefined();
    // Everything ended: the whole balance is free again.
    expect(store.admitNow(claim(30, 10_000, 31), { user: 10_000, token: 10_000 })).toBe(10_000);
  });
});

describe('claim plan and completion limit', () => {
  const ratios = requestRatios({ type: 'tokens', input: 1, output: 1000 }, 1);
  const plan = (stream: boolean, requested: number | undefined, operation: 'chat' | 'embeddings' = 'chat') =>
    planClaim(510, ratios, { operation, stream, requested, countedTokens: 4096, maxTokens: 16_384 });

  it('counts a stream at the counted completion, or the smaller limit it asks for', () => {
    expect(plan(true, undefined)).toEqual({
      points: 510 + 4096 * 1000,
      least: 510 + LEAST_COMPLETION_TOKENS * 1000,
      bounded: true,
    });
    expect(plan(true, 5)).toEqual({ points: 5_510, least: 5_510, bounded: true });
  });

  it("counts a non-streamed chat at the client's limit, else the maximum gw sends", () => {
    expect(plan(false, 100_000).points).toBe(510 + 100_000 * 1000);
    expect(plan(false, undefined).points).toBe(510 + 16_384 * 1000);
  });

  it('counts an operation whose completion gw cannot limit as before, all or nothing', () => {
    expect(plan(false, undefined, 'embeddings')).toEqual({ points: 510 + 4096 * 1000, bounded: false });
  });

  it('counts a per-call price and a free request at the hold', () => {
    const times = requestRatios({ type: 'times', input: 2, output: 0 }, 1);
    const input = {
      operation: 'chat' as const,
      stream: false,
      requested: 5,
      countedTokens: 4096,
      maxTokens: 1,
    };
    expect(planClaim(2_000, times, input)).toEqual({ points: 2_000, bounded: false });
    expect(planClaim(0, ratios, input)).toEqual({ points: 0, bounded: false });
  });

  it('limits the completion to what the granted points pay for', () => {
    const options = { requested: undefined, maxTokens: 16_384 };
    expect(completionLimit(510 + 16_384 * 1000, 510, ratios, options)).toBe(16_384);
    expect(completionLimit(510 + 300 * 1000 + 999, 510, ratios, options)).toBe(300);
    expect(completionLimit(510 + 300 * 1000, 510, ratios, { ...options, requested: 200 })).toBeUndefined();
    expect(completionLimit(510 + 300 * 1000, 510, ratios, { ...options, requested: 400 })).toBe(300);
  });

  it("writes the limit into the field the client used, else the operation's own", () => {
    const chat: Record<string, unknown> = {};
    applyCompletionLimit(chat, 'chat', 7);
    expect(chat).toEqual({ max_tokens: 7 });
    const reasoning: Record<string, unknown> = { max_completion_tokens: 90 };
    applyCompletionLimit(reasoning, 'chat', 7);
    expect(reasoning).toEqual({ max_completion_tokens: 7 });
    const responses: Record<string, unknown> = {};
    applyCompletionLimit(responses, 'responses', 7);
    expect(responses).toEqual({ max_output_tokens: 7 });
  });

  it('reads max_completion_tokens, max_tokens or max_output_tokens', () => {
    expect(requestedCompletionTokens({ max_tokens: 12 })).toBe(12);
    expect(requestedCompletionTokens({ max_completion_tokens: 7, max_tokens: 12 })).toBe(7);
    expect(requestedCompletionTokens({ max_output_tokens: 3 })).toBe(3);
    expect(requestedCompletionTokens({ max_tokens: -1 })).toBeUndefined();
    expect(requestedCompletionTokens({})).toBeUndefined();
  });
});
