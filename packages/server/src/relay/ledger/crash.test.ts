// Real crashes: a child process settles through the ledger (or only takes a hold) and is killed by SIGKILL;
// the next ledger on the same journal folder and database replays what the child had not flushed, exactly
// once, and refunds the holds it left open.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { createSettlementLedger } from './settlement-ledger.js';
import {
  holdRows,
  insertBareChannel,
  insertToken,
  insertUser,
  journalFiles,
  type LedgerFixture,
  openLedgerFixture,
  readCounters,
} from './test-support/ledger-fixture.js';

const child = fileURLToPath(new URL('./test-support/crash-child.ts', import.meta.url));
const hooks = fileURLToPath(new URL('../../test-support/ts-resolve-hooks.mjs', import.meta.url));

describe.each(TEST_DIALECTS)('settlement ledger after a killed process (%s)', (kind) => {
  let fixture: LedgerFixture;
  beforeEach(async () => {
    fixture = await openLedgerFixture(kind);
    await insertUser(fixture.db, 1, 100_000);
    await insertToken(fixture.db, 10, 1, 100_000);
    await insertBareChannel(fixture.db, 5, 'five');
  });
  afterEach(async () => fixture.close());

  function runChild(mode: 'settle' | 'hold' | 'exit', writer: 'thread' | 'worker' = 'thread') {
    const run = spawnSync(
      process.execPath,
      ['--conditions=source', '--experimental-transform-types', '--no-warnings', '--import', hooks, child],
      {
        env: {
          ...process.env,
          LEDGER_CHILD_DB: fixture.url,
          LEDGER_CHILD_JOURNAL: fixture.dir,
          LEDGER_CHILD_MODE: mode,
          LEDGER_CHILD_WRITER: writer,
        },
        encoding: 'utf8',
        timeout: 15_000,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ready\n');
    if (mode === 'exit') expect(run.status).toBe(0);
    else expect(run.signal).toBe('SIGKILL');
  }

  function restartedLedger() {
    return createSettlementLedger({
      db: fixture.db,
      dbKind: kind,
      journalDir: fixture.dir,
      nodeId: 'node-a',
      flushIntervalMs: 3_600_000,
    });
  }

  const writers = kind === 'sqlite' ? (['thread', 'worker'] as const) : (['thread'] as const);
  it.each(writers)(
    'Given a child (batches written in its %s) killed with unflushed settlements and an open hold, When replayed, Then all apply once and the hold returns',
    async (writer) => {
      runChild('settle', writer);
      // The first ten were flushed before the kill; the last ten only exist in the journal, the open hold as
      // a row.
      const atCrash = await readCounters(fixture.db);
      expect(atCrash.logs).toEqual({ count: 10, quota: 55 });
      expect(journalFiles(fixture.dir)).toHaveLength(1);
      expect(Object.keys(await holdRows(fixture.db)).sort()).toEqual(
        ['open', ...Array.from({ length: 10 }, (_, index) => `r${index + 11}`)].sort(),
      );

      const ledger = restartedLedger();
      expect(await ledger.replay()).toEqual({ applied: 10, skipped: 0, refundedHolds: 1, rejected: 0 });
      await ledger.close();
      const total = (20 * 21) / 2;
      const after = await readCounters(fixture.db);
      expect(after.users[1]).toEqual({ quota: 100_000 - total, used: total, requests: 20 });
      expect(after.tokens[10]).toMatchObject({ remain: 100_000 - total, used: total });
      expect(after.channels).toEqual({ 5: total });
      expect(after.logs).toEqual({ count: 20, quota: total });
      expect(journalFiles(fixture.dir)).toEqual([]);
      expect(await holdRows(fixture.db)).toEqual({});
    },
  );

  it('Given a child killed the instant its hold committed (issue 8 item 5), When the next start replays, Then the balance is restored exactly', async () => {
    runChild('hold');
    const atCrash = await readCounters(fixture.db);
    expect(atCrash.users[1]?.quota).toBe(100_000 - 1_500);
    expect(atCrash.tokens[10]).toMatchObject({ remain: 100_000 - 1_500, used: 1_500 });

    const ledger = restartedLedger();
    expect(await ledger.replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 1, rejected: 0 });
    await ledger.close();
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 100_000, used: 0, requests: 0 });
    expect(after.tokens[10]).toMatchObject({ remain: 100_000, used: 0 });
    expect(after.logs.count).toBe(0);
    expect(await holdRows(fixture.db)).toEqual({});
    // A second start refunds nothing more.
    const again = restartedLedger();
    expect(await again.replay()).toEqual({ applied: 0, skipped: 0, refundedHolds: 0, rejected: 0 });
    await again.close();
    expect(await readCounters(fixture.db)).toEqual(after);
  });

  it('Given a child that exits in the turn it recorded a settlement (the group write not yet due), When replayed, Then the settlement applies', async () => {
    runChild('exit');
    expect(journalFiles(fixture.dir)).toHaveLength(1);
    const ledger = restartedLedger();
    expect(await ledger.replay()).toEqual({ applied: 1, skipped: 0, refundedHolds: 0, rejected: 0 });
    await ledger.close();
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 100_000 - 42, used: 42, requests: 1 });
    expect(after.logs).toEqual({ count: 1, quota: 42 });
    expect(await holdRows(fixture.db)).toEqual({});
  });
});
