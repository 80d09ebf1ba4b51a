// At start, refunds the database holds a dead process left open: those of this process's owner (taken by an
// earlier run of it, whose settlement never committed) and those of any owner older than a lease (a host
// that never came back). Each hold is closed in its own transaction that deletes its row first, so two
// processes starting at once refund it once.
import type { GwDb } from '../../db/database.js';
import type { RelayHoldRow } from '../../db/tables.js';
import { applyLedgerEntriesIn } from './apply-batch.js';
import { type LedgerEntry, refundOfOpenHold } from './ledger-entry.js';
import { errorText, type LedgerReject } from './ledger-rejects.js';
import { isRefusedRow } from './refused-row.js';

/** A hold older than this belongs to a dead process whoever owns it: no request is in flight for a day. */
export const HOLD_LEASE_SECONDS = 24 * 3600;

function refundOfRow(row: RelayHoldRow): LedgerEntry {
  return refundOfOpenHold({
    id: row.request_id,
    userId: Number(row.user_id),
    tokenId: Number(row.token_id),
    tokenUnlimited: Number(row.token_unlimited) === 1,
    hold: Number(row.points),
    at: Number(row.created_at),
  });
}

/** Refunds the left-over holds; returns the ids refunded. Not for a live process: its own holds are in flight. */
export async function refundLeftoverHolds(
  db: GwDb,
  owner: string,
  now: number,
  setAside: (reject: LedgerReject) => Promise<void>,
): Promise<string[]> {
  const rows = await db
    .selectFrom('relay_holds')
    .selectAll()
    .where((eb) => eb.or([eb('owner', '=', owner), eb('created_at', '<', now - HOLD_LEASE_SECONDS)]))
    .orderBy('request_id')
    .execute();
  const refunded: string[] = [];
  for (const row of rows) {
    const refund = refundOfRow(row);
    try {
      const applied = await db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('relay_holds')
          .where('request_id', '=', row.request_id)
          .executeTakeFirst();
        // Another process starting at the same time closed it first.
        if (Number(deleted.numDeletedRows) !== 1) return false;
        return (await applyLedgerEntriesIn(trx, [refund], now)).applied === 1;
      });
      if (applied) refunded.push(refund.id);
    } catch (error) {
      if (!isRefusedRow(error)) throw error;
      await setAside({
        entry: refund,
        requestId: refund.id,
        applied: false,
        error: errorText(error),
        at: now,
      });
    }
  }
  return refunded;
}
