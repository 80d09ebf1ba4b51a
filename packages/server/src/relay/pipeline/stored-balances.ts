// Balances as the in-flight check must see them (issue 8 item 6): the row as stored, stamped with how many
// ledger batches this process had written when it was read, plus — at the moment of the check — what the
// ledger holds unwritten and what it wrote after the stamp. Reading the unwritten sums before a database
// read let a request that settled during the read drop its claim while its charge was in neither, and a row
// read before a batch was written, used after it, missed the batch: each time the charge was spent again.
import type { InFlightBalances } from '../billing/in-flight.js';
import type { SettlementLedger } from '../ledger/settlement-ledger.js';
import type { GwDb } from '../../db/database.js';

/** The unwritten-sums side of the ledger that balance checks read. */
export type LedgerBalances = Pick<
  SettlementLedger,
  | 'writtenBatches'
  | 'writing'
  | 'written'
  | 'unwrittenUserQuota'
  | 'unwrittenTokenQuota'
  | 'pendingUserQuota'
  | 'pendingTokenQuota'
>;

/** A user's and a key's balance as stored, and when they were read. */
export interface StoredBalances {
  user: number;
  /** The key's remaining quota as stored (whatever the key's limit). */
  token: number;
  /** ledger.writtenBatches for the whole read; undefined when a batch was written during it. */
  stamp: number | undefined;
  /** Date.now() when the read began. */
  readAt: number;
}

/**
 * How old a row may be when a request is admitted on it: another process's written charges stay counted in
 * Redis for WRITTEN_GRACE_MS (2.5 s) after their write, so a row younger than that, less a margin, holds
 * every charge that is no longer there.
 */
export const STORED_BALANCES_MAX_AGE_MS = 2_000;

/** The balances authentication read for a caller. */
export function callerStoredBalances(caller: {
  userQuota: number;
  tokenRemainQuota: number;
  balanceStamp: number | undefined;
  balanceReadAt: number;
}): StoredBalances {
  return {
    user: caller.userQuota,
    token: caller.tokenRemainQuota,
    stamp: caller.balanceStamp,
    readAt: caller.balanceReadAt,
  };
}

/** Reads that meet a batch being written are tried again this many times before being given up. */
const READ_TRIES = 4;

/**
 * The balances of a key and its owner, read while no batch of this ledger was written (tried again when one
 * was: the row may or may not hold it). Undefined when the key is gone or every try met a write.
 */
export async function readStoredBalances(
  deps: { db: GwDb; ledger: LedgerBalances },
  tokenId: number,
): Promise<StoredBalances | undefined> {
  for (let tries = 0; tries < READ_TRIES; tries++) {
    // A batch being written (in another thread, or on another connection) may be in the row or not until
    // it is done: wait for it rather than read a row that cannot be stamped.
    if (deps.ledger.writing) await deps.ledger.written();
    const stamp = deps.ledger.writtenBatches;
    const writingAtStart = deps.ledger.writing;
    const readAt = Date.now();
    const row = await deps.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select(['users.quota as quota', 'tokens.remain_quota as remain'])
      .where('tokens.id', '=', tokenId)
      .executeTakeFirst();
    if (!row) return undefined;
    // A batch being written may already be in the row (another connection or thread commits it) before
    // the stamp moves: a read that overlaps one is not stamped.
    if (deps.ledger.writtenBatches === stamp && !writingAtStart && !deps.ledger.writing) {
      return { user: Number(row.quota), token: Number(row.remain), stamp, readAt };
    }
  }
  return undefined;
}

/**
 * The balances now: stored + what the ledger has not written or wrote after the stamp, + `hold` (a request's
 * own database hold, which its claim already counts). Synchronous, so a caller that checks a claim in the
 * same step sees each charge once — unwritten, written, or as the claim it still is. Undefined when the
 * stamp is unknown or older than the batches the ledger keeps: the row must be read again.
 */
export function balancesNow(
  ledger: LedgerBalances,
  stored: StoredBalances,
  ids: { userId: number; tokenId: number; tokenUnlimited: boolean },
  hold = 0,
): InFlightBalances | undefined {
  if (stored.stamp === undefined) return undefined;
  const user = ledger.unwrittenUserQuota(ids.userId, stored.stamp);
  const token = ledger.unwrittenTokenQuota(ids.tokenId, stored.stamp);
  if (user === undefined || token === undefined) return undefined;
  return {
    user: stored.user + user + hold,
    token: ids.tokenUnlimited ? undefined : stored.token + token + hold,
  };
}

/** Nothing to spend: what a check uses when the balance cannot be known (it refuses). */
export const NO_BALANCE: InFlightBalances = { user: 0, token: 0 };
