// A failed job's charge going back (Midjourney spec §2.4 step 6, Suno and Kling §9.8): through the
// settlement ledger, as a refund entry whose id makes it happen once, to the user and (tasks) to a limited
// key, with a system log. Midjourney gives the user's charge back only (spec §2.4 step 6). The caller has already moved the row to FAILURE under
// a status guard, so only the pass that made the change refunds.
import { LOG_TYPE, nowSeconds } from '@gw/core';
import type { GwDb } from '../../db/database.js';
import { insertLog } from '../../shared/logs.js';
import type { SettlementLedger } from '../ledger/settlement-ledger.js';

export interface FailedJob {
  /** The ledger id of the refund: one per job (`task-refund-<id>`, `mj-refund-<id>`). */
  refundId: string;
  userId: number;
  tokenId: number;
  channelId: number;
  /** The submit's charge, points. */
  quota: number;
  /** Whether a limited key gets its charge back too (Suno, Kling), or only the user (Midjourney). */
  refundToken: boolean;
  /** The system log's text (localizedContent). */
  log: { content: string; metadata?: Record<string, unknown> };
}

export async function refundFailedJob(db: GwDb, ledger: SettlementLedger, job: FailedJob): Promise<void> {
  if (job.quota <= 0) return;
  const token = job.refundToken
    ? await db.selectFrom('tokens').select('unlimited_quota').where('id', '=', job.tokenId).executeTakeFirst()
    : undefined;
  await ledger.record({
    id: job.refundId,
    kind: 'refund',
    at: nowSeconds(),
    userId: job.userId,
    tokenId: token ? job.tokenId : 0,
    // A deleted key (or a Midjourney job) has no key refund; the user still gets the charge back.
    tokenUnlimited: token ? Boolean(token.unlimited_quota) : true,
    channelId: job.channelId,
    hold: job.quota,
    quota: 0,
    log: null,
  });
  await insertLog(db, {
    userId: job.userId,
    type: LOG_TYPE.system,
    ...job.log,
    quota: job.quota,
    channelId: job.channelId,
  });
}
