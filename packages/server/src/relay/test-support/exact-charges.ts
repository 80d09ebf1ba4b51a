// The check every billing test ends with: a caller's consume logs, and its user's and token's counters,
// agree to the point with what it started with.
import { expect } from 'vitest';
import type { GwDb } from '../../db/database.js';

export interface ChargedCaller {
  userId: number;
  tokenId: number;
}

/**
 * Expects `requests` consume logs for the caller, a charge above 0, and its user and token moved by
 * exactly the logged sum from their starting balances; returns that sum.
 */
export async function expectExactCharges(
  db: GwDb,
  caller: ChargedCaller,
  expected: { requests: number; userBalance: number; tokenBalance: number },
): Promise<number> {
  const logs = await db
    .selectFrom('logs')
    .select(['quota'])
    .where('user_id', '=', caller.userId)
    .where('type', '=', 2)
    .execute();
  expect(logs).toHaveLength(expected.requests);
  const charged = logs.reduce((sum, log) => sum + Number(log.quota), 0);
  expect(charged).toBeGreaterThan(0);
  const user = await db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow();
  expect({
    quota: Number(user.quota),
    used: Number(user.used_quota),
    requests: Number(user.request_count),
  }).toEqual({ quota: expected.userBalance - charged, used: charged, requests: expected.requests });
  const token = await db
    .selectFrom('tokens')
    .select(['used_quota', 'remain_quota'])
    .where('id', '=', caller.tokenId)
    .executeTakeFirstOrThrow();
  expect({ used: Number(token.used_quota), remain: Number(token.remain_quota) }).toEqual({
    used: charged,
    remain: expected.tokenBalance - charged,
  });
  return charged;
}
