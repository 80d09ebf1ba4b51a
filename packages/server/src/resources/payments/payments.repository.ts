// SQL for the payments table (gateways). The config column holds credentials: never log a row.
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { PaymentRow } from '../../db/tables.js';
import { type ListRequest, likePrefix, pageOf } from '../../shared/listing.js';

export type StoredPayment = Selectable<PaymentRow>;
export type NewPayment = Omit<Insertable<PaymentRow>, 'id'>;
export type PaymentChanges = Omit<Updateable<PaymentRow>, 'id' | 'uuid' | 'created_at'>;

/** Filters of the gateway list (contract §1.13); empty strings filter nothing. */
export interface PaymentFilters {
  type: string;
  name: string;
  uuid: string;
  currency: string;
}

/** The payments table. */
export function createPaymentsRepository(db: GwDb, kind: DatabaseKind) {
  return {
    async list<F extends keyof PaymentRow & string>(filters: PaymentFilters, request: ListRequest<F>) {
      let base = db.selectFrom('payments');
      if (filters.type) base = base.where('type', '=', filters.type);
      if (filters.uuid) base = base.where('uuid', '=', filters.uuid);
      if (filters.currency) base = base.where('currency', '=', filters.currency);
      if (filters.name) {
        base = base.where(sql<boolean>`${sql.ref('name')} like ${likePrefix(filters.name)} escape '!'`);
      }
      return pageOf(base, request);
    },
    /** The enabled gateways, highest `sort` first (the order the top-up screen offers them in). */
    listEnabled(): Promise<StoredPayment[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('enable', '=', 1)
        .orderBy('sort', 'desc')
        .orderBy('id', 'asc')
        .execute() as Promise<StoredPayment[]>;
    },
    find(id: number): Promise<StoredPayment | undefined> {
      return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        StoredPayment | undefined
      >;
    },
    async insert(values: NewPayment): Promise<number> {
      const insert = db.insertInto('payments').values(values);
      if (kind === 'postgres') return (await insert.returning('id').executeTakeFirstOrThrow()).id;
      return Number((await insert.executeTakeFirstOrThrow()).insertId);
    },
    async update(id: number, changes: PaymentChanges): Promise<void> {
      await db.updateTable('payments').set(changes).where('id', '=', id).execute();
    },
    async delete(id: number): Promise<number> {
      const result = await db.deleteFrom('payments').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
