// SQL for the redemptions table: the admin list, all-or-nothing creation and the atomic redeem.
import { type LogType, nowSeconds } from '@gw/core';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { RedemptionRow } from '../../db/tables.js';
import { type ListRequest, likePrefix, pageOf } from '../../shared/listing.js';
import { insertLog, type LogEntry } from '../../shared/logs.js';

export type StoredRedemption = Selectable<RedemptionRow>;
export type RedemptionChanges = Pick<Updateable<RedemptionRow>, 'name' | 'quota' | 'status'>;

/** A new code as the service hands it over. */
export interface NewRedemption {
  user_id: number;
  key: string;
  name: string;
  quota: number;
  created_time: number;
}

/** What a redeem records besides the credit: the top-up log's text and the caller's address. */
export interface RedeemLog {
  type: LogType;
  username: string;
  sourceIp: string;
  /** The log's text (and its i18n key in the metadata) for the credited quota. */
  content: (quota: number) => Pick<LogEntry, 'content' | 'metadata'>;
}

/** The outcome of one redeem attempt. */
export type RedeemOutcome = { kind: 'credited'; quota: number } | { kind: 'invalid' } | { kind: 'used' };

/** The redemptions table. */
export function createRedemptionsRepository(db: GwDb) {
  return {
    async list<F extends keyof RedemptionRow & string>(request: ListRequest<F>) {
      let base = db.selectFrom('redemptions');
      const keyword = request.keyword;
      if (keyword) {
        // Keyword = an id, or a name prefix (contract §1.12); `!` escapes LIKE wildcards on every dialect.
        const byName = sql<boolean>`${sql.ref('name')} like ${likePrefix(keyword)} escape '!'`;
        const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : undefined;
        base = base.where((eb) => (id === undefined ? byName : eb.or([eb('id', '=', id), byName])));
      }
      return pageOf(base, request);
    },
    find(id: number): Promise<StoredRedemption | undefined> {
      return db.selectFrom('redemptions').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        StoredRedemption | undefined
      >;
    },
    /** Inserts every code in one transaction: all of them are stored, or none. */
    async insertAll(codes: readonly NewRedemption[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const code of codes) {
          await trx
            .insertInto('redemptions')
            .values({ ...code, status: 1 })
            .execute();
        }
      });
    },
    async update(id: number, changes: RedemptionChanges): Promise<number> {
      const result = await db.updateTable('redemptions').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async delete(id: number): Promise<number> {
      const result = await db.deleteFrom('redemptions').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /**
     * Redeems `key` for `userId` in one transaction. The conditional update (`status = 1`) is the lock:
     * of many concurrent attempts exactly one sees an affected row and credits the user; the others
     * roll back with nothing written.
     */
    redeem(key: string, userId: number, log: RedeemLog): Promise<RedeemOutcome> {
      return db.transaction().execute(async (trx): Promise<RedeemOutcome> => {
        const code = await trx
          .selectFrom('redemptions')
          .select(['id', 'status', 'quota'])
          .where('key', '=', key)
          .executeTakeFirst();
        if (!code) return { kind: 'invalid' };
        if (code.status !== 1) return { kind: 'used' };
        const now = nowSeconds();
        const claimed = await trx
          .updateTable('redemptions')
          .set({ status: 3, redeemed_time: now, used_user_id: userId })
          .where('id', '=', code.id)
          .where('status', '=', 1)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return { kind: 'used' };
        await trx
          .updateTable('users')
          .set((eb) => ({ quota: eb('quota', '+', code.quota) }))
          .where('id', '=', userId)
          .execute();
        await insertLog(trx, {
          userId,
          type: log.type,
          username: log.username,
          ...log.content(code.quota),
          quota: code.quota,
          sourceIp: log.sourceIp,
          createdAt: now,
        });
        return { kind: 'credited', quota: code.quota };
      });
    },
  };
}

export type RedemptionsRepository = ReturnType<typeof createRedemptionsRepository>;
