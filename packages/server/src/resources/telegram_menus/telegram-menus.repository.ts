// SQL for the telegram_menus table.
import { type Insertable, type Selectable, sql } from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { TelegramMenuRow } from '../../db/tables.js';
import { likePrefix, type ListRequest, pageOf } from '../../shared/listing.js';

export type StoredTelegramMenu = Selectable<TelegramMenuRow>;
export type TelegramMenuValues = Omit<Insertable<TelegramMenuRow>, 'id'>;

/** The telegram_menus table. */
export function createTelegramMenusRepository(db: GwDb, kind: DatabaseKind) {
  return {
    /** A page of menus; the keyword matches an id exactly or a command prefix. */
    async list<F extends keyof TelegramMenuRow & string>(request: ListRequest<F>) {
      let base = db.selectFrom('telegram_menus');
      if (request.keyword) {
        const prefix = sql<boolean>`${sql.ref('command')} like ${likePrefix(request.keyword)} escape '!'`;
        const id = /^\d{1,9}$/.test(request.keyword) ? Number(request.keyword) : undefined;
        base = base.where((eb) => (id === undefined ? prefix : eb.or([eb('id', '=', id), prefix])));
      }
      return pageOf(base, request);
    },
    find(id: number): Promise<StoredTelegramMenu | undefined> {
      return db.selectFrom('telegram_menus').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByCommand(command: string): Promise<StoredTelegramMenu | undefined> {
      return db.selectFrom('telegram_menus').selectAll().where('command', '=', command).executeTakeFirst();
    },
    all(): Promise<StoredTelegramMenu[]> {
      return db.selectFrom('telegram_menus').selectAll().orderBy('id').execute();
    },
    async insert(values: TelegramMenuValues): Promise<number> {
      const insert = db.insertInto('telegram_menus').values(values);
      if (kind === 'postgres') return (await insert.returning('id').executeTakeFirstOrThrow()).id;
      return Number((await insert.executeTakeFirstOrThrow()).insertId);
    },
    async update(id: number, values: TelegramMenuValues): Promise<void> {
      await db.updateTable('telegram_menus').set(values).where('id', '=', id).execute();
    },
    async delete(id: number): Promise<number> {
      const result = await db.deleteFrom('telegram_menus').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type TelegramMenusRepository = ReturnType<typeof createTelegramMenusRepository>;
