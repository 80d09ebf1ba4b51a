// The options table: site settings and the server's generated secrets, as key → text.
import type { GwDb } from '../../db/database.js';
import type { OptionStore } from '../../shared/context.js';

/** An OptionStore over the options table. */
export function createOptionStore(db: GwDb): OptionStore {
  return {
    async get(key) {
      const row = await db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    async getMany(keys) {
      const map = new Map<string, string>();
      if (keys.length === 0) return map;
      const rows = await db
        .selectFrom('options')
        .select(['key', 'value'])
        .where('key', 'in', [...keys])
        .execute();
      for (const row of rows) map.set(row.key, row.value);
      return map;
    },
    async set(key, value) {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('options')
          .set({ value })
          .where('key', '=', key)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          await trx.insertInto('options').values({ key, value }).execute();
      });
    },
  };
}
