// A real crash: a child process settles through the ledger and is killed by SIGKILL; the next ledger on the
// same journal folder and database replays what the child had not flushed, exactly once. SQLite only (the
// child opens the test's database file).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettlementLedger } from './settlement-ledger.js';
import {
  insertBareChannel,
  insertToken,
  insertUser,
  journalFiles,
  type LedgerFixture,
  openLedgerFixture,
  readCounters,
} from './test-support/ledger-fixture.js';

const child = fileURLToPath(new URL('./test-support/crash-child.ts', import.meta.url));
const hooks = fileURLToPath(new URL('./test-support/ts-resolve-hooks.mjs', import.meta.url));

describe('settlement ledger after a killed process (sqlite)', () => {
  let fixture: LedgerFixture;
  beforeEach(async () => {
    fixture = await openLedgerFixture('sqlite');
    await insertUser(fixture.db, 1, 100_000);
    await insertToken(fixture.db, 10, 1, 100_000);
    await insertBareChannel(fixture.db, 5, 'five');
  });
  afterEach(async () => fixture.close());

  it('Given a child killed with unflushed settlements and an open hold, When replayed, Then all apply once and the hold returns', async () => {
    const run = spawnSync(
      process.execPath,
      ['--conditions=source', '--experimental-transform-types', '--no-warnings', '--import', hooks, child],
      {
        env: { ...process.env, LEDGER_CHILD_DB: fixture.url, LEDGER_CHILD_JOURNAL: fixture.dir },
        encoding: 'utf8',
        timeout: 15_000,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ready\n');
    expect(run.signal).toBe('SIGKILL');
    // The first ten were flushed before the kill; the last ten and the open hold only exist in the journal.
    const atCrash = await readCounters(fixture.db);
    expect(atCrash.logs).toEqual({ count: 10, quota: 55 });
    expect(journalFiles(fixture.dir)).toHaveLength(1);

    const ledger = createSettlementLedger({
      db: fixture.db,
      dbKind: 'sqlite',
      journalDir: fixture.dir,
      nodeId: 'node-a',
      flushIntervalMs: 3_600_000,
    });
    expect(await ledger.replay()).toEqual({ applied: 10, skipped: 0, refundedHolds: 1, rejected: 0 });
    await ledger.close();
    const total = (20 * 21) / 2;
    const after = await readCounters(fixture.db);
    expect(after.users[1]).toEqual({ quota: 100_000 - total, used: total, requests: 20 });
    expect(after.tokens[10]).toMatchObject({ remain: 100_000 - total, used: total });
    expect(after.channels).toEqual({ 5: total });
    expect(after.logs).toEqual({ count: 20, quota: total });
    expect(journalFiles(fixture.dir)).toEqual([]);
  });
});
