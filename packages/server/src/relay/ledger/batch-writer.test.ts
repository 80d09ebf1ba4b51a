// The writer thread (issue 13), on every database: batches written through it land exactly as the in-thread writer's,
// the ledger says it is writing while a batch is out (a balance read then is not stamped), a refused entry is
// set aside and told, and the thread's end fails the write in progress so the ledger retries it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../config.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { type BatchWriter, workerThreadWriter } from './batch-writer.js';
import { createSettlementLedger, type KeptReject } from './settlement-ledger.js';
import {
  insertBareChannel,
  insertToken,
  insertUser,
  type LedgerFixture,
  openLedgerFixture,
  readCounters,
  settleEntry,
} from './test-support/ledger-fixture.js';

describe.each(TEST_DIALECTS)('the writer thread on %s', (kind) => {
  let fixture: LedgerFixture;
  let writer: BatchWriter;
  beforeEach(async () => {
    fixture = await openLedgerFixture(kind);
    await insertUser(fixture.db, 1, 100_000);
    await insertToken(fixture.db, 10, 1, 100_000);
    await insertBareChannel(fixture.db, 5, 'five');
    writer = workerThreadWriter({
      database: parseDatabaseUrl(fixture.url, process.cwd()),
      nodeId: 'node-w',
      rejectsPath: undefined,
    });
  });
  afterEach(async () => {
    await writer.close();
    await fixture.close();
  });

  it('Given 300 settlements, When flushed through the thread, Then counters and logs match to the point and writing was shown', async () => {
    const rejected: KeptReject[] = [];
    const ledger = createSettlementLedger({
      db: fixture.db,
      dbKind: kind,
      journalDir: fixture.dir,
      nodeId: 'node-w',
      flushIntervalMs: 3_600_000,
      writer,
      onRejected: (reject) => rejected.push(reject),
    });
    for (let index = 1; index <= 300; index += 1) {
      await ledger.record(
        settleEntry(`w${index}`, { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: index }),
      );
    }
    expect(ledger.pendingUserQuota(1)).toBe(-(300 * 301) / 2);
    const flushed = ledger.flush();
    // The batch is out in the other thread: a balance read now cannot be stamped.
    await Promise.resolve();
    expect(ledger.writing).toBe(true);
    await flushed;
    expect(ledger.writing).toBe(false);
    expect(ledger.writtenBatches).toBe(1);
    expect(ledger.pendingUserQuota(1)).toBe(0);
    const total = (300 * 301) / 2;
    const counters = await readCounters(fixture.db);
    expect(counters.users[1]).toEqual({ quota: 100_000 - total, used: total, requests: 300 });
    expect(counters.tokens[10]).toMatchObject({ remain: 100_000 - total, used: total });
    expect(counters.channels).toEqual({ 5: total });
    expect(counters.logs).toEqual({ count: 300, quota: total });
    expect(rejected).toEqual([]);
    await ledger.close();
  });

  it('Given an entry the database refuses, When flushed through the thread, Then the others apply and it is set aside and told', async () => {
    const rejected: KeptReject[] = [];
    const ledger = createSettlementLedger({
      db: fixture.db,
      dbKind: kind,
      journalDir: fixture.dir,
      nodeId: 'node-w',
      flushIntervalMs: 3_600_000,
      writer,
      onRejected: (reject) => rejected.push(reject),
    });
    await ledger.record(settleEntry('good', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 7 }));
    // A log row whose user_id is NULL: the NOT NULL constraint refuses it, the charge still goes in.
    const bad = settleEntry('bad', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 3 });
    await ledger.record({
      ...bad,
      log: { ...(bad.log as NonNullable<typeof bad.log>), type: null as never },
    });
    await ledger.flush();
    const counters = await readCounters(fixture.db);
    expect(counters.users[1]).toMatchObject({ quota: 100_000 - 10, used: 10 });
    expect(counters.logs).toEqual({ count: 1, quota: 7 });
    expect(rejected.map((reject) => [reject.requestId, reject.applied, reject.keptIn])).toEqual([
      ['bad', true, 'table'],
    ]);
    await ledger.close();
  });

  it('Given the thread ended while a batch was out, When flushed again, Then the batch is applied once', async () => {
    const ledger = createSettlementLedger({
      db: fixture.db,
      dbKind: kind,
      journalDir: fixture.dir,
      nodeId: 'node-w',
      flushIntervalMs: 3_600_000,
      writer,
    });
    await ledger.record(settleEntry('once', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 11 }));
    const first = ledger.flush();
    await writer.close();
    // Either the thread ended before it wrote (the flush fails and is retried) or after (the retry skips it).
    await first.catch(() => {});
    await ledger.flush();
    const counters = await readCounters(fixture.db);
    expect(counters.users[1]).toMatchObject({ quota: 100_000 - 11, used: 11, requests: 1 });
    expect(counters.logs).toEqual({ count: 1, quota: 11 });
    expect(counters.marks).toBe(1);
    await ledger.close();
  });
});
