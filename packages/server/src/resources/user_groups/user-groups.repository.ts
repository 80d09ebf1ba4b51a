// SQL for the user_groups table.
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { UserGroupRow } from '../../db/tables.js';
import { likePrefix, type ListRequest, pageOf } from '../../shared/listing.js';

export type StoredUserGroup = Selectable<UserGroupRow>;
export type NewUserGroup = Omit<Insertable<UserGroupRow>, 'id'>;
export type UserGroupChanges = Omit<Updateable<UserGroupRow>, 'id' | 'symbol'>;

export interface UserGroupFilters {
  /** Name prefix (one-hub's `Name` parameter). */
  name: string;
  enable?: boolean;
}

/** The user_groups table. */
export function createUserGroupsRepository(db: GwDb, kind: DatabaseKind) {
  return {
    async list<F extends keyof UserGroupRow & string>(request: ListRequest<F>, filters: UserGroupFilters) {
      let base = db.selectFrom('user_groups');
      if (filters.name) {
        base = base.where(sql<boolean>`${sql.ref('name')} like ${likePrefix(filters.name)} escape '!'`);
      }
      if (filters.enable !== undefined) base = base.where('enable', '=', filters.enable ? 1 : 0);
      return pageOf(base, request);
    },
    findById(id: number): Promise<StoredUserGroup | undefined> {
      return db.selectFrom('user_groups').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findBySymbol(symbol: string): Promise<StoredUserGroup | undefined> {
      return db.selectFrom('user_groups').selectAll().where('symbol', '=', symbol).executeTakeFirst();
    },
    /** Enabled groups, by id. */
    enabled(): Promise<StoredUserGroup[]> {
      return db.selectFrom('user_groups').selectAll().where('enable', '=', 1).orderBy('id').execute();
    },
    async insert(values: NewUserGroup): Promise<number> {
      const insert = db.insertInto('user_groups').values(values);
      if (kind === 'postgres') return (await insert.returning('id').executeTakeFirstOrThrow()).id;
      return Number((await insert.executeTakeFirstOrThrow()).insertId);
    },
    async update(id: number, changes: UserGroupChanges): Promise<void> {
      await db.updateTable('user_groups').set(changes).where('id', '=', id).execute();
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('user_groups').where('id', '=', id).execute();
    },
  };
}

export type UserGroupsRepository = ReturnType<typeof createUserGroupsRepository>;
