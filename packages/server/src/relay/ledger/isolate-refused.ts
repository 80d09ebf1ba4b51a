// Applies a batch so that one row the database refuses cannot block the others: when the batch's
// transaction fails on a refused value, it is split in halves (each its own transaction) down to the one
// entry at fault, which is set aside. The marks keep every part idempotent, so a failure of another kind
// part-way (the database went away) can still be retried as a whole.
import type { GwDb } from '../../db/database.js';
import { applyLedgerBatch } from './apply-batch.js';
import type { LedgerEntry } from './ledger-entry.js';
import { errorText, type LedgerReject } from './ledger-rejects.js';
import { isRefusedRow } from './refused-row.js';

export interface IsolatedBatchResult {
  applied: number;
  skipped: number;
  appliedIds: Set<string>;
  /** Entries set aside (including those whose counters went in without their refused log row). */
  rejected: number;
}

/**
 * Applies `entries` like applyLedgerBatch, isolating refused entries and handing each to `setAside` (which
 * must keep it before resolving). Throws only on a failure that is not a refused row (retry later).
 */
export async function applyIsolatingRefused(
  db: GwDb,
  entries: readonly LedgerEntry[],
  now: number,
  setAside: (reject: LedgerReject) => Promise<void>,
  begin: 'deferred' | 'immediate' = 'deferred',
): Promise<IsolatedBatchResult> {
  const total: IsolatedBatchResult = { applied: 0, skipped: 0, appliedIds: new Set(), rejected: 0 };
  async function attempt(part: readonly LedgerEntry[]): Promise<number> {
    const result = await applyLedgerBatch(db, part, now, begin);
    total.applied += result.applied;
    total.skipped += result.skipped;
    for (const id of result.appliedIds) total.appliedIds.add(id);
    return result.applied;
  }
  async function run(part: readonly LedgerEntry[]): Promise<void> {
    try {
      await attempt(part);
      return;
    } catch (error) {
      if (!isRefusedRow(error)) throw error;
      if (part.length > 1) {
        const middle = Math.ceil(part.length / 2);
        await run(part.slice(0, middle));
        await run(part.slice(middle));
        return;
      }
      const entry = part[0] as LedgerEntry;
      let applied = false;
      // A consume log the database cannot store must not cancel the charge: the counters go in without it.
      if (entry.kind === 'settle' && entry.log !== null) {
        try {
          applied = (await attempt([{ ...entry, log: null }])) > 0;
        } catch (second) {
          if (!isRefusedRow(second)) throw second;
        }
      }
      total.rejected += 1;
      await setAside({ entry, requestId: entry.id, applied, error: errorText(error), at: now });
    }
  }
  await run(entries);
  return total;
}
