// The balance a claim is checked against and the claims beside it must be read at one moment (issue 8 item
// 6). A stream's growth read the ledger's unwritten charges, then waited for the database (and Redis); a
// request settling meanwhile had its claim dropped while its charge was not in the sums read, so its charge
// counted nowhere and the growth spent it again — how a loaded PostgreSQL + Redis run ended a user at −21.1M
// against a largest request of 20.0M. Likewise a balance row read before a ledger batch was written, used
// after the write took the batch out of the unwritten sums, missed the batch. These tests make each
// interleaving happen on purpose, with the real ledger, database and stores. On SQLite always; on
// PostgreSQL / MySQL and with Redis when GW_TEST_POSTGRES_URL / GW_TEST_MYSQL_URL / GW_TEST_REDIS_URL are set.
import { randomUUID } from 'node:crypto';
import { nowSeconds } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, openRedis, type Redis } from '../../redis/connection.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { type InFlightStore, MemoryInFlightStore } from '../billing/in-flight.js';
import { RedisInFlightStore } from '../billing/redis-in-flight.js';
import { requestRatios } from '../billing/request-ratios.js';
import type { RelayCaller } from '../pipeline/authenticate.js';
import { admitRequest } from '../pipeline/relay-admission.js';
import { createStreamBudget } from '../pipeline/stream-budget.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;
/** 1 point per prompt token, 1000 per completion token. */
const RATIOS = requestRatios({ type: 'tokens', input: 1, output: 1000 }, 1);
const PRE = 1_000;

describe.each(TEST_DIALECTS)(
  'claims checked while other requests settle (%s)',
  { timeout: 60_000 },
  (kind) => {
    let r: RelayTestApp;
    let channelId: number;
    let redis: Redis | undefined;
    const prefix = `gw-test-race-${randomUUID()}:`;

    beforeAll(async () => {
      r = await startRelayApp(kind);
      channelId = await r.addChannel({ models: 'race-model' });
      if (REDIS_URL) redis = await openRedis(REDIS_URL);
    });
    afterAll(async () => {
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await closeRedis(redis);
      }
      await r?.close();
    });

    const stores: Array<[string, () => InFlightStore]> = [
      ['memory', () => new MemoryInFlightStore()],
      ...(REDIS_URL
        ? ([
            ['redis', () => new RedisInFlightStore(redis as Redis, { keyPrefix: prefix, nodeId: 'main' })],
          ] as Array<[string, () => InFlightStore]>)
        : []),
    ];

    /** The caller as authentication makes it: the balances as stored, read now. */
    async function callerOf(who: RelayCallerHandle): Promise<RelayCaller> {
      const stamp = r.t.app.gwRelay.ledger.writtenBatches;
      const readAt = Date.now();
      const row = await r.t.app.gw.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', who.userId)
        .executeTakeFirstOrThrow();
      return {
        userId: who.userId,
        username: 'race',
        role: 1,
        userGroup: 'default',
        userQuota: Number(row.quota),
        tokenId: who.tokenId,
        tokenName: 'relay',
        tokenUnlimited: true,
        tokenRemainQuota: 0,
        balanceStamp: stamp,
        balanceReadAt: readAt,
        setting: {} as RelayCaller['setting'],
        group: 'default',
        groupRatio: 1,
        backupGroup: '',
        pinning: { mode: 'none' } as unknown as RelayCaller['pinning'],
      };
    }

    /** What settlement hands the ledger for a request charged `quota` points (no database hold). */
    function settle(who: RelayCallerHandle, id: string, quota: number): void {
      void r.t.app.gwRelay.ledger.record({
        id,
        kind: 'settle',
        at: nowSeconds(),
        userId: who.userId,
        tokenId: who.tokenId,
        tokenUnlimited: true,
        channelId,
        hold: 0,
        quota,
        log: null,
      });
    }

    for (const [name, open] of stores) {
      it(`a stream's claim grows only by what is left once a request that settled meanwhile is charged (${name} store)`, async () => {
        const store = open();
        const who = await r.newCaller({ quota: 10_000_000 });
        const caller = await callerOf(who);
        const balances = { user: 10_000_000, token: undefined };
        const stream = `stream-${randomUUID()}`;
        const other = `other-${randomUUID()}`;
        expect(
          await store.admit(
            { id: stream, userId: who.userId, tokenId: undefined, points: 2_000_000, minimum: PRE },
            balances,
          ),
        ).toBe(2_000_000);
        expect(
          await store.admit(
            { id: other, userId: who.userId, tokenId: undefined, points: 6_000_000, minimum: PRE },
            balances,
          ),
        ).toBe(6_000_000);
        const budget = createStreamBudget(
          { db: r.t.app.gw.db, ledger: r.t.app.gwRelay.ledger, inFlight: store },
          {
            requestId: stream,
            caller,
            pre: PRE,
            hold: 0,
            ratios: RATIOS,
            granted: 2_000_000,
            requested: undefined,
            step: 1_000,
            count: async () => 0,
          },
        );
        // The stream needs 5,000 completion tokens (5,001,000 points) while the other request settles at
        // 6,000,000: only 4,000,000 are left, so the stream must be cut.
        const growing = budget.cover(5_000);
        settle(who, other, 6_000_000);
        store.settled(other, { user: 6_000_000, token: 0 });
        expect(await growing).toBe(false);
        store.release(stream);
        await store.close();
      });

      it(`a balance read before a ledger batch is written counts that batch when checked after (${name} store)`, async () => {
        const store = open();
        const who = await r.newCaller({ quota: 10_000_000 });
        // Authentication read the balance (10,000,000); then a request of the user settled at 8,000,000 and
        // the ledger wrote it, taking it out of the unwritten sums, before this request reached admission.
        const caller = await callerOf(who);
        const running = `running-${randomUUID()}`;
        expect(
          await store.admit(
            { id: running, userId: who.userId, tokenId: undefined, points: 1_000_000, minimum: PRE },
            {
              user: 10_000_000,
              token: undefined,
            },
          ),
        ).toBe(1_000_000);
        settle(who, `settled-${randomUUID()}`, 8_000_000);
        await r.flush();
        // 2,000,000 are left, 1,000,000 of them claimed: a request asking 1,500,000 (at least 1,200,000) is refused.
        const admission = await admitRequest(
          {
            db: r.t.app.gw.db,
            ledger: r.t.app.gwRelay.ledger,
            state: r.t.app.gwRelay.state,
            inFlight: store,
          },
          {
            requestId: `late-${randomUUID()}`,
            caller,
            pre: PRE,
            claim: { points: 1_500_000, least: 1_200_000 },
          },
        );
        expect('claimed' in admission).toBe(false);
        expect((admission as { status: number }).status).toBe(429);
        store.release(running);
        await store.close();
      });
    }
  },
);
