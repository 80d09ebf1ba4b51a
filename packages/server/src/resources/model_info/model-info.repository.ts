// SQL for the model_info table.
import type { Insertable, Selectable } from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { ModelInfoRow } from '../../db/tables.js';

export type StoredModelInfo = Selectable<ModelInfoRow>;
export type NewModelInfo = Omit<Insertable<ModelInfoRow>, 'id'>;

/** The model_info table. */
export function createModelInfoRepository(db: GwDb, kind: DatabaseKind) {
  return {
    /** Every row, newest first (contract §1.1: id desc). */
    all(): Promise<StoredModelInfo[]> {
      return db.selectFrom('model_info').selectAll().orderBy('id', 'desc').execute();
    },
    findById(id: number): Promise<StoredModelInfo | undefined> {
      return db.selectFrom('model_info').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByModel(model: string): Promise<StoredModelInfo | undefined> {
      return db.selectFrom('model_info').selectAll().where('model', '=', model).executeTakeFirst();
    },
    async insert(values: NewModelInfo): Promise<number> {
      const insert = db.insertInto('model_info').values(values);
      if (kind === 'postgres') return (await insert.returning('id').executeTakeFirstOrThrow()).id;
      return Number((await insert.executeTakeFirstOrThrow()).insertId);
    },
    async update(id: number, values: Omit<NewModelInfo, 'created_at'>): Promise<void> {
      await db.updateTable('model_info').set(values).where('id', '=', id).execute();
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('model_info').where('id', '=', id).execute();
    },
  };
}

export type ModelInfoRepository = ReturnType<typeof createModelInfoRepository>;
