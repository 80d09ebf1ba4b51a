import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { applyHold } from './hold.js';
import { HOLD_LEASE_SECONDS } from './leftover-holds.js';
import { createSettlementLedger, type SettlementLedger, WRITTEN_HISTORY } from './settlement-ledger.js';
import {
  holdRows,
  insertBareChannel,
  insertToken,
  insertUser,
  journalFiles,
  type LedgerFixture,
  openLedgerFixture,
  readCounters,
  settleEntry,
} from './test-support/ledger-fixture.js';

/** Long enough that the timer never fires during a test: flushes happen when the test says so. */
const NO_TIMER = 3_600_000;

describe.each(TEST_DIALECTS)('settlement ledger on %s', (kind) => {
  let fixture: LedgerFixture;
  const ledgers: SettlementLedger[] = [];

  function ledger(options: { journal?: boolean; maxBatch?: number } = {}): SettlementLedger {
    const created = createSettlementLedger({
      db: fixture.db,
      dbKind: kind,
      journalDir: options.journal === false ? undefined : fixture.dir,
      nodeId: 'node-a',
      flushIntervalMs: NO_TIMER,
      ...(options.maxBatch === undefined ? {} : { maxBatch: options.maxBatch }),
    });
    ledgers.push(created);
    return created;
  }

  /** A hold taken in the database with its row, as the relay does before calling upstream. */
  async function hold(target: SettlementLedger, id: string, userId: number, tokenId: number, amount: number) {
    const tokenUnlimited = tokenId === 11;
    const owner = target.holdOwner;
    expect(await applyHold(fixture.db, { id, owner, userId, tokenId, tokenUnlimited, amount })).toBe('ok');
  }

  beforeEach(async () => {
    fixture = await openLedgerFixture(kind);
    await insertUser(fixture.db, 1, 10_000);
    await insertUser(fixture.db, 2, 10_000);
    await insertToken(fixture.db, 10, 1, 10_000);
    await insertToken(fixture.db, 11, 1, 0, true);
    await insertToken(fixture.db, 20, 2, 10_000);
    await insertBareChannel(fixture.db, 5, 'five');
    await insertBareChannel(fixture.db, 6, 'six');
  });
  afterEach(async () => {
    // Abandoned ledgers ("crashed") are only stopped here, after their test.
    for (const created of ledgers.splice(0)) await created.close().catch(() => {});
    await fixture.close();
  });

  it('Given several settlements, When flushed, Then the counters move by the summed deltas and Σ user change = −Σ logged', async () => {
    const subject = ledger({ journal: false });
    const before = await readCounters(fixture.db);
    await hold(subject, 'r1', 1, 10, 500);
    await hold(subject, 'r2', 1, 11, 500);
    await hold(subject, 'r3', 2, 20, 300);
    await subject.record(
      settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 500, quota: 120, at: 1_800_000_010 }),
    );
    await subject.record({
      ...settleEntry('r2', { userId: 1, tokenId: 11, channelId: 6, hold: 500, quota: 777 }),
      tokenUnlimited: true,
    });
    await subject.record(settleEntry('r3', { userId: 2, tokenId: 20, channelId: 5, hold: 300, quota: 0 }));
    await subject.record(
      settleEntry('r4', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 33, at: 1_800_000_020 }),
    );
    // Visible to balance checks before the flush: (500 − 120) + (500 − 777) − 33 = 70 for user 1.
    expect(subject.pendingUserQuota(1)).toBe(70);
    expect(subject.pendingUserQuota(2)).toBe(300);
    expect(subject.pendingTokenQuota(10)).toBe(380 - 33);
    expect(subject.pendingTokenQuota(11)).toBe(0);
    expect((await readCounters(fixture.db)).logs.count).toBe(0);

    await subject.flush();
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 10_000 - 120 - 777 - 33, used: 120 + 777 + 33, requests: 3 });
    // A zero final charge still returns the hold.
    expect(after.users[2]).toEqual({ quota: 10_000, used: 0, requests: 1 });
    expect(after.tokens[10]).toEqual({ remain: 10_000 - 153, used: 153, accessed: 1_800_000_020 });
    expect(after.tokens[11]).toMatchObject({ remain: 0, used: 0 });
    expect(after.tokens[20]).toMatchObject({ remain: 10_000, used: 0 });
    expect(after.channels).toEqual({ 5: 153, 6: 777 });
    expect(after.logs).toEqual({ count: 4, quota: 930 });
    expect(after.marks).toBe(4);
    const userChange = Object.keys(after.users).reduce(
      (sum, id) => sum + (after.users[Number(id)]?.quota ?? 0) - (before.users[Number(id)]?.quota ?? 0),
      0,
    );
    expect(userChange).toBe(-after.logs.quota);
    expect(subject.pendingUserQuota(1)).toBe(0);
    expect(subject.pendingTokenQuota(10)).toBe(0);
  });

  it('Given a balance read at a stamp, When batches are written after it, Then stored + unwritten-since still adds up to the balance', async () => {
    const subject = ledger({ journal: false });
    const stored = async () => Number((await readCounters(fixture.db)).users[1]?.quota);
    const at0 = { stamp: subject.writtenBatches, quota: await stored() };
    await subject.record(settleEntry('s1', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 400 }));
    expect(subject.unwrittenUserQuota(1, at0.stamp)).toBe(-400);
    await subject.flush();
    // The row read before the write lacks the 400; the pending sums no longer have it: the stamp brings it back.
    expect(subject.pendingUserQuota(1)).toBe(0);
    expect(subject.writtenBatches).toBe(at0.stamp + 1);
    expect(at0.quota + (subject.unwrittenUserQuota(1, at0.stamp) ?? Number.NaN)).toBe(10_000 - 400);
    expect(subject.unwrittenTokenQuota(10, at0.stamp)).toBe(-400);
    const at1 = { stamp: subject.writtenBatches, quota: await stored() };
    await subject.record(settleEntry('s2', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 50 }));
    await subject.flush();
    await subject.record(settleEntry('s3', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 7 }));
    expect(at0.quota + (subject.unwrittenUserQuota(1, at0.stamp) ?? Number.NaN)).toBe(10_000 - 457);
    expect(at1.quota + (subject.unwrittenUserQuota(1, at1.stamp) ?? Number.NaN)).toBe(10_000 - 457);
    // Another user's batches do not count; a stamp from the future is not known.
    expect(subject.unwrittenUserQuota(2, at0.stamp)).toBe(0);
    expect(subject.unwrittenUserQuota(1, subject.writtenBatches + 1)).toBeUndefined();
  });

  it('Given more batches written than are kept, Then an older stamp is not known (the row is read again)', async () => {
    const subject = ledger({ journal: false });
    const stamp = subject.writtenBatches;
    for (let i = 0; i <= WRITTEN_HISTORY; i++) {
      await subject.record(settleEntry(`h${i}`, { userId: 2, tokenId: 20, channelId: 5, hold: 0, quota: 1 }));
      await subject.flush();
    }
    expect(subject.unwrittenUserQuota(2, stamp)).toBeUndefined();
    expect(subject.unwrittenUserQuota(2, stamp + 1)).toBe(-WRITTEN_HISTORY);
  });

  it('Given a refund, When flushed, Then the hold goes back and no log or request is counted', async () => {
    const subject = ledger();
    await hold(subject, 'r1', 1, 10, 400);
    await subject.record({
      ...settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 400, quota: 0 }),
      kind: 'refund',
      log: null,
    });
    await subject.flush();
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 10_000, used: 0, requests: 0 });
    expect(after.tokens[10]).toMatchObject({ remain: 10_000, used: 0 });
    expect(after.logs.count).toBe(0);
    expect(after.channels).toEqual({ 5: 0, 6: 0 });
  });

  it('Given a log row with over-long text, When flushed, Then it is cut to the column widths instead of failing the batch', async () => {
    const subject = ledger({ journal: false });
    const entry = settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 9 });
    await subject.record({
      ...entry,
      log: {
        ...entry.log,
        user_id: 1,
        created_at: 1,
        type: 2,
        content: 'c',
        model_name: 'm'.repeat(300),
        username: 'é'.repeat(70),
      },
    });
    await subject.flush();
    const row = await fixture.db
      .selectFrom('logs')
      .select(['model_name', 'username', 'quota'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ model_name: 'm'.repeat(255), username: 'é'.repeat(64), quota: 9 });
  });

  it('Given queued entries, When the ledger closes, Then they are flushed and the journal is empty', async () => {
    const subject = ledger();
    await subject.record(settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 250 }));
    expect(journalFiles(fixture.dir)).toHaveLength(1);
    await subject.close();
    const after = await readCounters(fixture.db);
    expect(after.users[1]?.quota).toBe(9_750);
    expect(after.logs).toEqual({ count: 1, quota: 250 });
    expect(journalFiles(fixture.dir)).toEqual([]);
  });

  it('Given maxBatch entries queued, Then a flush starts without waiting for the timer', async () => {
    const subject = ledger({ maxBatch: 3 });
    for (const id of ['r1', 'r2', 'r3']) {
      await subject.record(settleEntry(id, { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 10 }));
    }
    await expect.poll(async () => (await readCounters(fixture.db)).logs.count).toBe(3);
  });

  it('Given a ledger that crashed before flushing, When a new one replays, Then each entry applies exactly once', async () => {
    const crashed = ledger();
    await hold(crashed, 'r1', 1, 10, 500);
    await hold(crashed, 'r2', 2, 20, 500);
    await crashed.record(settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 500, quota: 200 }));
    await crashed.record(settleEntry('r2', { userId: 2, tokenId: 20, channelId: 6, hold: 500, quota: 900 }));
    await crashed.record(
      settleEntry('r3', { userId: 1, tokenId: 11, tokenUnlimited: true, channelId: 5, hold: 0, quota: 50 }),
    );
    // Nothing flushed: the database still shows only the holds.
    expect((await readCounters(fixture.db)).users[1]?.quota).toBe(9_500);

    const restarted = ledger();
    expect(await restarted.replay()).toEqual({ applied: 3, skipped: 0, refundedHolds: 0, rejected: 0 });
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 10_000 - 250, used: 250, requests: 2 });
    expect(after.users[2]).toEqual({ quota: 10_000 - 900, used: 900, requests: 1 });
    expect(after.tokens[10]).toMatchObject({ remain: 9_800, used: 200 });
    expect(after.channels).toEqual({ 5: 250, 6: 900 });
    expect(after.logs).toEqual({ count: 3, quota: 1_150 });
    expect(journalFiles(fixture.dir)).toEqual([]);

    // Replaying again, in this ledger or the next, applies nothing.
    expect(await restarted.replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 0, rejected: 0 });
    expect(await ledger().replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 0, rejected: 0 });
    expect(await readCounters(fixture.db)).toEqual(after);
  });

  it('Given a crash after the commit but before the segment was deleted, When replayed, Then nothing doubles', async () => {
    const subject = ledger();
    await hold(subject, 'r1', 1, 10, 500);
    await subject.record(settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 500, quota: 300 }));
    await subject.record(settleEntry('r2', { userId: 2, tokenId: 20, channelId: 5, hold: 0, quota: 40 }));
    const saved = join(fixture.dir, 'saved');
    mkdirSync(saved);
    const journal = join(fixture.dir, 'relay-journal');
    const segments = readdirSync(journal);
    expect(segments).toHaveLength(1);
    for (const name of segments) copyFileSync(join(journal, name), join(saved, name));
    await subject.flush();
    const flushed = await readCounters(fixture.db);
    expect(journalFiles(fixture.dir)).toEqual([]);
    for (const name of segments) copyFileSync(join(saved, name), join(journal, name));

    expect(await ledger().replay()).toEqual({ applied: 0, skipped: 2, refundedHolds: 0, rejected: 0 });
    expect(await readCounters(fixture.db)).toEqual(flushed);
    expect(flushed.users[1]?.quota).toBe(9_700);
    expect(flushed.logs.count).toBe(2);
  });

  it('Given holds of another process, When this node starts, Then only its own and those past the lease are refunded', async () => {
    const subject = ledger();
    const take = (id: string, owner: string) =>
      applyHold(fixture.db, { id, owner, userId: 1, tokenId: 10, tokenUnlimited: false, amount: 100 });
    expect(await take('mine', subject.holdOwner)).toBe('ok');
    // Another host with the same node id but its own data folder: its request is still in flight.
    expect(await take('in-flight', 'node-a:ffffffffffffffff')).toBe('ok');
    expect(await take('abandoned', 'node-b:ffffffffffffffff')).toBe('ok');
    await fixture.db
      .updateTable('relay_holds')
      .set({ created_at: Math.floor(Date.now() / 1000) - HOLD_LEASE_SECONDS - 60 })
      .where('request_id', '=', 'abandoned')
      .execute();

    expect(await ledger().replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 2, rejected: 0 });
    expect(Object.keys(await holdRows(fixture.db))).toEqual(['in-flight']);
    const after = await readCounters(fixture.db);
    expect(after.users[1]?.quota).toBe(10_000 - 100);
    expect(after.tokens[10]).toMatchObject({ remain: 10_000 - 100, used: 100 });
  });

  it('Given a journal of an older version with an open hold line, When replayed, Then that hold is refunded once', async () => {
    // Versions before `relay_holds` journaled holds instead of writing rows.
    expect(
      await applyHold(fixture.db, {
        id: 'old',
        owner: 'gone',
        userId: 2,
        tokenId: 20,
        tokenUnlimited: false,
        amount: 700,
      }),
    ).toBe('ok');
    await fixture.db.deleteFrom('relay_holds').execute();
    mkdirSync(join(fixture.dir, 'relay-journal'), { recursive: true });
    const hold = { id: 'old', userId: 2, tokenId: 20, tokenUnlimited: false, hold: 700, at: 1_800_000_000 };
    writeFileSync(join(fixture.dir, 'relay-journal', 'node-a-1.jsonl'), `${JSON.stringify({ hold })}\n`);

    expect(await ledger().replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 1, rejected: 0 });
    expect((await readCounters(fixture.db)).users[2]).toEqual({ quota: 10_000, used: 0, requests: 0 });
    expect(journalFiles(fixture.dir)).toEqual([]);
  });

  it('Given a hold never settled, When the next start replays, Then the hold is refunded once', async () => {
    const crashed = ledger();
    await hold(crashed, 'r1', 1, 10, 700);
    await hold(crashed, 'r2', 2, 20, 100);
    await crashed.record(settleEntry('r2', { userId: 2, tokenId: 20, channelId: 5, hold: 100, quota: 60 }));
    // A flush in between rotates the segment: the open hold must survive the deletion of the old one.
    await crashed.flush();
    expect((await readCounters(fixture.db)).users[1]?.quota).toBe(9_300);

    expect(await ledger().replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 1, rejected: 0 });
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 10_000, used: 0, requests: 0 });
    expect(after.tokens[10]).toMatchObject({ remain: 10_000, used: 0 });
    expect(after.users[2]).toEqual({ quota: 9_940, used: 60, requests: 1 });
    expect(await ledger().replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 0, rejected: 0 });
    expect(await readCounters(fixture.db)).toEqual(after);
  });

  it('Given a flush whose transaction fails, Then counters stay, entries stay queued, and a retry applies them once', async () => {
    const subject = ledger();
    await hold(subject, 'r1', 1, 10, 500);
    await subject.record(settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 500, quota: 200 }));
    const before = await readCounters(fixture.db);
    await fixture.db.schema.alterTable('logs').renameTo('logs_away').execute();
    await expect(subject.flush()).rejects.toThrow();
    await fixture.db.schema.alterTable('logs_away').renameTo('logs').execute();

    expect(await readCounters(fixture.db)).toEqual(before);
    expect(subject.pendingUserQuota(1)).toBe(300);
    expect(journalFiles(fixture.dir).length).toBeGreaterThan(0);

    await subject.record(settleEntry('r2', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 5 }));
    await subject.flush();
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 10_000 - 205, used: 205, requests: 2 });
    expect(after.logs).toEqual({ count: 2, quota: 205 });
    expect(subject.pendingUserQuota(1)).toBe(0);
    expect(journalFiles(fixture.dir)).toEqual([]);
  });

  it('Given a failed flush and then a crash, When replayed, Then the entries of every segment apply once', async () => {
    const crashed = ledger();
    await hold(crashed, 'r1', 1, 10, 500);
    await crashed.record(settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 500, quota: 200 }));
    await hold(crashed, 'r2', 2, 20, 100);
    await fixture.db.schema.alterTable('logs').renameTo('logs_away').execute();
    await expect(crashed.flush()).rejects.toThrow();
    await fixture.db.schema.alterTable('logs_away').renameTo('logs').execute();
    await crashed.record(settleEntry('r3', { userId: 2, tokenId: 20, channelId: 6, hold: 0, quota: 7 }));
    expect(journalFiles(fixture.dir)).toHaveLength(2);

    expect(await ledger().replay()).toEqual({ applied: 2, skipped: 0, refundedHolds: 1, rejected: 0 });
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 9_800, used: 200, requests: 1 });
    expect(after.users[2]).toEqual({ quota: 9_993, used: 7, requests: 1 });
    expect(after.logs).toEqual({ count: 2, quota: 207 });
  });
});
