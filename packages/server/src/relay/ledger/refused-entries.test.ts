// One entry the database refuses must not block the ledger (issue 8 item 1): the other entries of its batch
// are written, the refused one is set aside in `ledger_rejects` (or a file when even that fails), close()
// resolves, and a restart replaying a journal that holds it starts.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { applyHold } from './hold.js';
import type { LedgerEntry } from './ledger-entry.js';
import { createSettlementLedger, type KeptReject, type SettlementLedger } from './settlement-ledger.js';
import {
  insertBareChannel,
  insertToken,
  holdRows,
  insertUser,
  journalFiles,
  type LedgerFixture,
  openLedgerFixture,
  readCounters,
  settleEntry,
} from './test-support/ledger-fixture.js';

const NO_TIMER = 3_600_000;

/** A settlement whose consume log no dialect stores: `type` is NOT NULL. */
function nullTypeEntry(id: string): LedgerEntry {
  const entry = settleEntry(id, { userId: 1, tokenId: 10, channelId: 5, hold: 500, quota: 120 });
  return { ...entry, log: { ...entry.log, type: null } as unknown as LedgerEntry['log'] };
}

/** The consume log of issue 8: a model name with a NUL, which PostgreSQL refuses in any text column. */
function nulModelEntry(id: string): LedgerEntry {
  const entry = settleEntry(id, { userId: 1, tokenId: 10, channelId: 5, hold: 500, quota: 120 });
  return {
    ...entry,
    log: { ...entry.log, user_id: 1, created_at: 1, type: 2, content: 'c', model_name: 'gpt-\u0000x' },
  };
}

describe.each(TEST_DIALECTS)('settlement ledger with a refused entry on %s', (kind) => {
  let fixture: LedgerFixture;
  const ledgers: SettlementLedger[] = [];
  let rejects: KeptReject[] = [];

  function ledger(): SettlementLedger {
    const created = createSettlementLedger({
      db: fixture.db,
      dbKind: kind,
      journalDir: fixture.dir,
      nodeId: 'node-a',
      flushIntervalMs: NO_TIMER,
      onRejected: (reject) => rejects.push(reject),
    });
    ledgers.push(created);
    return created;
  }

  async function storedRejects() {
    const rows = await fixture.db.selectFrom('ledger_rejects').selectAll().orderBy('id').execute();
    return rows.map((row) => ({
      request_id: row.request_id,
      node_id: row.node_id,
      applied: Number(row.applied),
      entry: JSON.parse(row.entry) as LedgerEntry,
      error: row.error,
    }));
  }

  /** Holds 500 for the refused entry and records it between two good ones of users 1 and 2. */
  async function recordAround(subject: SettlementLedger, bad: LedgerEntry): Promise<void> {
    expect(
      await applyHold(fixture.db, {
        id: bad.id,
        owner: subject.holdOwner,
        userId: 1,
        tokenId: 10,
        tokenUnlimited: false,
        amount: 500,
      }),
    ).toBe('ok');
    await subject.record(settleEntry('good-1', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 30 }));
    await subject.record(bad);
    await subject.record(settleEntry('good-2', { userId: 2, tokenId: 20, channelId: 6, hold: 0, quota: 40 }));
  }

  /** The state once both good entries and the refused one's charge (without its log) are in. */
  async function expectWrittenAround(badId: string): Promise<void> {
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 10_000 - 30 - 120, used: 150, requests: 2 });
    expect(after.users[2]).toEqual({ quota: 10_000 - 40, used: 40, requests: 1 });
    expect(after.tokens[10]).toMatchObject({ remain: 10_000 - 150, used: 150 });
    expect(after.channels).toEqual({ 5: 150, 6: 40 });
    // The two good logs; the refused one is the reject row.
    expect(after.logs).toEqual({ count: 2, quota: 70 });
    // Its hold was closed with its charge: nothing is left to refund at the next start.
    expect(await holdRows(fixture.db)).toEqual({});
    const stored = await storedRejects();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ request_id: badId, node_id: 'node-a', applied: 1 });
    expect(stored[0]?.entry.id).toBe(badId);
    expect(stored[0]?.error.length).toBeGreaterThan(0);
  }

  beforeEach(async () => {
    rejects = [];
    fixture = await openLedgerFixture(kind);
    await insertUser(fixture.db, 1, 10_000);
    await insertUser(fixture.db, 2, 10_000);
    await insertToken(fixture.db, 10, 1, 10_000);
    await insertToken(fixture.db, 20, 2, 10_000);
    await insertBareChannel(fixture.db, 5, 'five');
    await insertBareChannel(fixture.db, 6, 'six');
  });
  afterEach(async () => {
    for (const created of ledgers.splice(0)) await created.close().catch(() => {});
    await fixture.close();
  });

  it('Given a batch with a log row the database refuses, When flushed, Then the rest is written and the refused row set aside', async () => {
    const subject = ledger();
    await recordAround(subject, nullTypeEntry('bad'));
    await subject.flush();
    await expectWrittenAround('bad');
    expect(rejects).toHaveLength(1);
    expect(rejects[0]).toMatchObject({ requestId: 'bad', applied: true, keptIn: 'table' });
    expect(subject.pendingUserQuota(1)).toBe(0);
    // Later charges are not blocked behind it, and closing resolves.
    await subject.record(settleEntry('later', { userId: 2, tokenId: 20, channelId: 6, hold: 0, quota: 5 }));
    await expect(subject.close()).resolves.toBeUndefined();
    expect((await readCounters(fixture.db)).users[2]?.quota).toBe(10_000 - 45);
    expect(journalFiles(fixture.dir)).toEqual([]);
  });

  it('Given a crash with a refused entry in the journal, When the next start replays, Then it starts, writes the rest and sets it aside once', async () => {
    const crashed = ledger();
    await recordAround(crashed, nullTypeEntry('bad'));
    const restarted = ledger();
    expect(await restarted.replay()).toEqual({ applied: 3, skipped: 0, refundedHolds: 0, rejected: 1 });
    await expectWrittenAround('bad');
    expect(journalFiles(fixture.dir)).toEqual([]);
    await expect(restarted.close()).resolves.toBeUndefined();
  });

  it('Given a journal line that is not an entry, When replayed, Then start-up goes on and the line is set aside', async () => {
    const crashed = ledger();
    await crashed.record(settleEntry('good-1', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 30 }));
    const [segment] = journalFiles(fixture.dir);
    appendFileSync(
      join(fixture.dir, 'relay-journal', segment as string),
      '{"entry":{"id":"x","kind":"settle"}}\n',
    );
    expect(await ledger().replay()).toEqual({ applied: 1, skipped: 0, refundedHolds: 0, rejected: 1 });
    expect((await readCounters(fixture.db)).users[1]?.quota).toBe(9_970);
    const stored = await storedRejects();
    expect(stored).toMatchObject([{ request_id: '', applied: 0, error: 'not a ledger journal line' }]);
  });

  it('Given the rejects table cannot be written either, Then the refused entry is kept in a file next to the journal', async () => {
    const subject = ledger();
    await recordAround(subject, nullTypeEntry('bad'));
    await fixture.db.schema.alterTable('ledger_rejects').renameTo('ledger_rejects_away').execute();
    try {
      await subject.flush();
    } finally {
      await fixture.db.schema.alterTable('ledger_rejects_away').renameTo('ledger_rejects').execute();
    }
    expect(rejects).toMatchObject([{ requestId: 'bad', keptIn: 'file' }]);
    const lines = readFileSync(join(fixture.dir, 'relay-rejects', 'node-a.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      requestId: 'bad',
      applied: true,
      entry: { id: 'bad' },
    });
    expect((await readCounters(fixture.db)).logs.count).toBe(2);
  });

  it('Given a failure that is not a refused row, Then nothing is set aside and the timer retries with back-off', async () => {
    const errors: unknown[] = [];
    const subject = createSettlementLedger({
      db: fixture.db,
      dbKind: kind,
      journalDir: fixture.dir,
      nodeId: 'node-a',
      flushIntervalMs: 100,
      onError: (error) => errors.push(error),
      onRejected: (reject) => rejects.push(reject),
    });
    ledgers.push(subject);
    await fixture.db.schema.alterTable('logs').renameTo('logs_away').execute();
    await subject.record(settleEntry('r1', { userId: 1, tokenId: 10, channelId: 5, hold: 0, quota: 30 }));
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    await fixture.db.schema.alterTable('logs_away').renameTo('logs').execute();
    // Without back-off the 100 ms timer would have failed ~15 times; doubling waits allow at most 4.
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(4);
    expect(rejects).toEqual([]);
    // The entry was kept, and goes in once the database takes it.
    await expect.poll(async () => (await readCounters(fixture.db)).logs.count, { timeout: 10_000 }).toBe(1);
    expect(await storedRejects()).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'Given a NUL in a consume log model name (issue 8), When flushed, Then the rest is written and the row set aside',
    async () => {
      const subject = ledger();
      await recordAround(subject, nulModelEntry('nul'));
      await subject.flush();
      await expectWrittenAround('nul');
      expect((await storedRejects())[0]?.entry.log?.model_name).toBe('gpt-\u0000x');
      expect(rejects[0]?.error).toMatch(/0x00/);
      await expect(subject.close()).resolves.toBeUndefined();

      // The same entry in the journal of a crashed process does not stop the next start.
      const crashed = ledger();
      await crashed.record(nulModelEntry('nul-2'));
      await crashed.record(
        settleEntry('good-3', { userId: 2, tokenId: 20, channelId: 6, hold: 0, quota: 1 }),
      );
      expect(await ledger().replay()).toEqual({ applied: 2, skipped: 0, refundedHolds: 0, rejected: 1 });
    },
  );
});
