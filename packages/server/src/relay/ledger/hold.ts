// The synchronous database hold of behaviour spec §9.4 step 6: the token and the user are debited in one
// transaction by conditional updates, so concurrent requests can never take a balance below zero on any
// dialect (the row lock of the UPDATE re-checks the condition; SQLite runs one writer at a time). The same
// transaction records the hold in `relay_holds`, which the settlement deletes: a process killed in between
// leaves the row, and the next start refunds it (leftover-holds.ts).
import { nowSeconds } from '@gw/core';
import { sql } from 'kysely';
import type { GwDb } from '../../db/database.js';
import { holdDeltas } from '../billing/pre-consume.js';

export interface HoldRequest {
  /** The request id: the hold row's key, and the id its settlement or refund is recorded under. */
  id: string;
  /** The ledger's holdOwner: whose start refunds the hold if no settlement ever comes. */
  owner: string;
  userId: number;
  tokenId: number;
  tokenUnlimited: boolean;
  /** Points to hold; integer ≥ 0. */
  amount: number;
  /**
   * This process's charges and returns not yet written (ledger pending; negative = spent): the balance
   * the hold is checked against is the stored one plus these.
   */
  userPending?: number;
  tokenPending?: number;
}

/** 'ok' = deducted; 'token' / 'user' = that balance was short and nothing changed. */
export type HoldOutcome = 'ok' | 'user' | 'token';

/** Thrown inside the transaction to roll back the part already applied when a balance is short. */
class HoldShortfall extends Error {
  readonly which: 'user' | 'token';

  constructor(which: 'user' | 'token') {
    super(`hold refused: ${which} balance is short`);
    this.which = which;
  }
}

/** Deducts the hold from a limited token and from the user, or from neither. */
export async function applyHold(db: GwDb, request: HoldRequest): Promise<HoldOutcome> {
  const { userId, tokenId, tokenUnlimited, amount } = request;
  // Stored + pending ≥ amount ⇔ stored ≥ amount − pending.
  const userNeed = amount - Math.trunc(request.userPending ?? 0);
  const tokenNeed = amount - Math.trunc(request.tokenPending ?? 0);
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new Error(`hold must be a non-negative integer number of points, got ${amount}`);
  }
  if (amount === 0) return 'ok';
  const deltas = holdDeltas(amount, tokenUnlimited);
  try {
    await db.transaction().execute(async (trx) => {
      // Token first, then user: the same lock order as the ledger's flush, so the two never deadlock.
      // The token is checked first as in §9.4 ("令牌额度不足" wins over "用户额度不足").
      if (!tokenUnlimited) {
        const token = await trx
          .updateTable('tokens')
          .set({
            remain_quota: sql`remain_quota + ${deltas.tokenRemainQuota}`,
            used_quota: sql`used_quota + ${deltas.tokenUsedQuota}`,
            accessed_time: nowSeconds(),
          })
          .where('id', '=', tokenId)
          .where('remain_quota', '>=', tokenNeed)
          .executeTakeFirst();
        if (Number(token.numUpdatedRows) !== 1) throw new HoldShortfall('token');
      }
      const user = await trx
        .updateTable('users')
        .set({ quota: sql`quota + ${deltas.userQuota}` })
        .where('id', '=', userId)
        .where('quota', '>=', userNeed)
        .executeTakeFirst();
      if (Number(user.numUpdatedRows) !== 1) throw new HoldShortfall('user');
      await trx
        .insertInto('relay_holds')
        .values({
          request_id: request.id,
          owner: request.owner,
          user_id: userId,
          token_id: tokenId,
          token_unlimited: tokenUnlimited ? 1 : 0,
          points: amount,
          created_at: nowSeconds(),
        })
        .execute();
    });
  } catch (error) {
    if (error instanceof HoldShortfall) return error.which;
    throw error;
  }
  return 'ok';
}
