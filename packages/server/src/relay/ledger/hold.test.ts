import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { applyHold } from './hold.js';
import {
  insertToken,
  holdKey,
  holdRows,
  insertUser,
  type LedgerFixture,
  openLedgerFixture,
  readCounters,
} from './test-support/ledger-fixture.js';

describe.each(TEST_DIALECTS)('applyHold on %s', (kind) => {
  let fixture: LedgerFixture;
  beforeEach(async () => {
    fixture = await openLedgerFixture(kind);
    await insertUser(fixture.db, 1, 1000);
    await insertToken(fixture.db, 10, 1, 5000);
    await insertToken(fixture.db, 11, 1, 0, true);
    await insertToken(fixture.db, 12, 1, 50);
  });
  afterEach(async () => fixture.close());

  it('Given enough balance, When a hold is taken, Then user quota and the limited token move by it', async () => {
    expect(
      await applyHold(fixture.db, {
        ...holdKey(),
        userId: 1,
        tokenId: 10,
        tokenUnlimited: false,
        amount: 300,
      }),
    ).toBe('ok');
    const counters = await readCounters(fixture.db);
    expect(counters.users[1]?.quota).toBe(700);
    expect(counters.tokens[10]).toMatchObject({ remain: 4700, used: 300 });
    expect(counters.tokens[10]?.accessed).toBeGreaterThan(0);
  });

  it('Given an unlimited token, When a hold is taken, Then only the user quota moves', async () => {
    expect(
      await applyHold(fixture.db, {
        ...holdKey(),
        userId: 1,
        tokenId: 11,
        tokenUnlimited: true,
        amount: 300,
      }),
    ).toBe('ok');
    const counters = await readCounters(fixture.db);
    expect(counters.users[1]?.quota).toBe(700);
    expect(counters.tokens[11]).toMatchObject({ remain: 0, used: 0 });
  });

  it('Given a short token or a short user, Then that side is named and nothing changes', async () => {
    expect(
      await applyHold(fixture.db, {
        ...holdKey(),
        userId: 1,
        tokenId: 12,
        tokenUnlimited: false,
        amount: 60,
      }),
    ).toBe('token');
    expect(
      await applyHold(fixture.db, {
        ...holdKey(),
        userId: 1,
        tokenId: 10,
        tokenUnlimited: false,
        amount: 1001,
      }),
    ).toBe('user');
    const counters = await readCounters(fixture.db);
    expect(counters.users[1]?.quota).toBe(1000);
    // The token deducted before the user was found short is rolled back with it.
    expect(counters.tokens[10]).toMatchObject({ remain: 5000, used: 0 });
    expect(counters.tokens[12]).toMatchObject({ remain: 50, used: 0 });
  });

  it('Given 50 concurrent holds against a small balance, Then it never goes below zero', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        applyHold(fixture.db, { ...holdKey(), userId: 1, tokenId: 10, tokenUnlimited: false, amount: 70 }),
      ),
    );
    const granted = outcomes.filter((outcome) => outcome === 'ok').length;
    expect(granted).toBe(14);
    expect(outcomes.filter((outcome) => outcome === 'user')).toHaveLength(36);
    const counters = await readCounters(fixture.db);
    expect(counters.users[1]?.quota).toBe(1000 - 14 * 70);
    expect(counters.tokens[10]).toMatchObject({ remain: 5000 - 14 * 70, used: 14 * 70 });
  });

  it('Given a hold taken, Then its row is written in the same transaction, and a refused hold leaves none', async () => {
    const request = { userId: 1, tokenId: 10, tokenUnlimited: false, owner: 'node-a:0123456789abcdef' };
    expect(await applyHold(fixture.db, { ...request, id: 'taken', amount: 300 })).toBe('ok');
    expect(await applyHold(fixture.db, { ...request, id: 'short', amount: 4000 })).toBe('user');
    expect(await holdRows(fixture.db)).toEqual({ taken: { points: 300, owner: 'node-a:0123456789abcdef' } });
  });

  it('Given a fractional amount, Then it is refused as a programming error', async () => {
    await expect(
      applyHold(fixture.db, { ...holdKey(), userId: 1, tokenId: 10, tokenUnlimited: false, amount: 1.5 }),
    ).rejects.toThrow(/integer/);
  });
});
