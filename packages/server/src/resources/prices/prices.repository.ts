// SQL for the prices table (keyed by model name); batch writes run in one transaction.
import type { Selectable, Transaction } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { GwTables, PriceRow } from '../../db/tables.js';

export type StoredPrice = Selectable<PriceRow>;
type Executor = GwDb | Transaction<GwTables>;

/** The writes a batch makes, on the transaction it runs in. */
export function priceWrites(db: Executor) {
  return {
    async insert(rows: StoredPrice[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('prices').values(rows).execute();
    },
    /** Replaces the row of `model` (the new row may carry another model name). */
    async replace(model: string, row: StoredPrice): Promise<void> {
      await db.updateTable('prices').set(row).where('model', '=', model).execute();
    },
    async delete(models: readonly string[]): Promise<number> {
      if (models.length === 0) return 0;
      const result = await db
        .deleteFrom('prices')
        .where('model', 'in', [...models])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteUnlocked(): Promise<void> {
      await db.deleteFrom('prices').where('locked', '=', 0).execute();
    },
  };
}

/** The prices table. */
export function createPricesRepository(db: GwDb) {
  return {
    /** Every price, by owner then model (contract §1.1). */
    all(): Promise<StoredPrice[]> {
      return db.selectFrom('prices').selectAll().orderBy('channel_type').orderBy('model').execute();
    },
    find(model: string): Promise<StoredPrice | undefined> {
      return db.selectFrom('prices').selectAll().where('model', '=', model).executeTakeFirst();
    },
    async existing(models: readonly string[]): Promise<StoredPrice[]> {
      if (models.length === 0) return [];
      return db
        .selectFrom('prices')
        .selectAll()
        .where('model', 'in', [...models])
        .execute();
    },
    ...priceWrites(db),
    /** Runs `work` with the writes bound to one transaction. */
    inTransaction<T>(work: (writes: ReturnType<typeof priceWrites>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(priceWrites(trx)));
    },
  };
}

export type PricesRepository = ReturnType<typeof createPricesRepository>;
