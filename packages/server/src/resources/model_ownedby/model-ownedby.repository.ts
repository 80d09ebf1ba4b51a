// SQL for the model_ownedby table (ids are chosen, not generated).
import type { Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { ModelOwnedByRow } from '../../db/tables.js';

export type StoredOwner = Selectable<ModelOwnedByRow>;

/** The model_ownedby table. */
export function createModelOwnedByRepository(db: GwDb) {
  return {
    all(): Promise<StoredOwner[]> {
      return db.selectFrom('model_ownedby').selectAll().orderBy('id').execute();
    },
    findById(id: number): Promise<StoredOwner | undefined> {
      return db.selectFrom('model_ownedby').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async maxId(): Promise<number> {
      const row = await db
        .selectFrom('model_ownedby')
        .select((eb) => eb.fn.max<number>('id').as('top'))
        .executeTakeFirst();
      return Number(row?.top ?? 0);
    },
    async insert(owner: StoredOwner): Promise<void> {
      await db.insertInto('model_ownedby').values(owner).execute();
    },
    async update(owner: StoredOwner): Promise<void> {
      await db
        .updateTable('model_ownedby')
        .set({ name: owner.name, icon: owner.icon })
        .where('id', '=', owner.id)
        .execute();
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('model_ownedby').where('id', '=', id).execute();
    },
  };
}

export type ModelOwnedByRepository = ReturnType<typeof createModelOwnedByRepository>;
