// The one quota write of the admin quota change: a single conditional UPDATE, so parallel changes
// never lose an update and a deduction never takes a balance below zero, with its log in the same
// transaction.
import { sql } from 'kysely';
import type { GwDb } from '../../db/database.js';
import { insertLog, type LogEntry } from '../../shared/logs.js';

export type QuotaChangeOutcome =
  | { applied: true; before: number; after: number }
  | { applied: false; reason: 'missing' | 'below_zero' | 'too_large' };

/**
 * Adds `delta` to a user's quota when the result stays within 0 … MAX_SAFE_INTEGER, and writes the
 * log `logFor(before, after)` in the same transaction.
 */
export async function changeUserQuota(
  db: GwDb,
  userId: number,
  delta: number,
  logFor: (before: number, after: number) => LogEntry,
): Promise<QuotaChangeOutcome> {
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('users')
      .set({ quota: sql<number>`quota + ${delta}` })
      .where('id', '=', userId);
    update =
      delta < 0
        ? update.where(sql<boolean>`quota + ${delta} >= 0`)
        : update.where('quota', '<=', Number.MAX_SAFE_INTEGER - delta);
    const result = await update.executeTakeFirst();
    const row = await trx.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirst();
    if (!row) return { applied: false, reason: 'missing' } as const;
    if (Number(result.numUpdatedRows) === 0) {
      return { applied: false, reason: delta < 0 ? 'below_zero' : 'too_large' } as const;
    }
    const after = Number(row.quota);
    const before = after - delta;
    await insertLog(trx, logFor(before, after));
    return { applied: true, before, after } as const;
  });
}
