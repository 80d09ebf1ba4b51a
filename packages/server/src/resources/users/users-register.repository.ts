// The registration write: the new user, the invitation rewards and their system logs in one
// transaction, so a failure leaves no half-registered account or unpaid reward.
import { sql } from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { NewUser } from './users.repository.js';
import { insertLog, type LogEntry } from '../../shared/logs.js';

/** A reward to the inviter: points added to their quota and one more invitee on their counters. */
export interface InviterReward {
  inviterId: number;
  quota: number;
  log?: LogEntry;
}

/** Inserts a user and applies the rewards; `logsFor(newId)` are the new user's gift logs. */
export async function insertRegisteredUser(
  db: GwDb,
  kind: DatabaseKind,
  user: NewUser,
  logsFor: (userId: number) => LogEntry[],
  reward?: InviterReward,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const insert = trx.insertInto('users').values(user);
    const id =
      kind === 'postgres'
        ? (await insert.returning('id').executeTakeFirstOrThrow()).id
        : Number((await insert.executeTakeFirstOrThrow()).insertId);
    for (const entry of logsFor(id)) await insertLog(trx, entry);
    if (reward) {
      // one-hub credits the reward straight to quota; gw also keeps the invite counters (quirk §6.20).
      await trx
        .updateTable('users')
        .set({
          quota: sql<number>`quota + ${reward.quota}`,
          aff_count: sql<number>`aff_count + 1`,
          aff_history: sql<number>`aff_history + ${reward.quota}`,
        })
        .where('id', '=', reward.inviterId)
        .execute();
      if (reward.log) await insertLog(trx, reward.log);
    }
    return id;
  });
}
