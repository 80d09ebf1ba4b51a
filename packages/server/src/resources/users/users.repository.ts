// SQL for the users table; rows in, rows out.
import { USER_STATUS } from '@gw/core';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { UserRow } from '../../db/tables.js';
import type { AuthUser } from '../../shared/auth-user.js';
import { likePrefix, type ListRequest, pageOf } from '../../shared/listing.js';

export type StoredUser = AuthUser;
export type NewUser = Insertable<UserRow>;
/** The columns that bind an account to a third-party sign-in. */
export type BindingColumn = 'github_id' | 'github_id_new' | 'lark_id' | 'oidc_id' | 'wechat_id';

/** Told when a user's sessions must end: their password, role or access token changed, or they were disabled or deleted. */
export interface SessionRevoker {
  endAllOf(userId: number, keep?: string): Promise<void>;
}

/** Whether a change to a user row ends every session of theirs (issue 15). */
function endsSessions(changes: Omit<Updateable<UserRow>, 'id'>): boolean {
  return (
    changes.password !== undefined ||
    changes.role !== undefined ||
    changes.access_token !== undefined ||
    changes.status === USER_STATUS.disabled
  );
}

/**
 * The users table. Every write that changes who a user is or what they may do ends their sessions
 * here, in one place, whichever route made it; a change the user made themselves keeps the session
 * they made it from (`keepSession`, the cookie's token).
 */
export function createUsersRepository(db: GwDb, sessions: SessionRevoker = { endAllOf: async () => {} }) {
  return {
    findById(id: number): Promise<StoredUser | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByUsername(username: string): Promise<StoredUser | undefined> {
      return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },
    /** A sign-in name is a username or, when not empty, an e-mail address. */
    findByLogin(login: string): Promise<StoredUser | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([eb('username', '=', login), eb.and([eb('email', '=', login), eb('email', '!=', '')])]),
        )
        .orderBy('id')
        .executeTakeFirst();
    },
    findByAccessToken(token: string): Promise<StoredUser | undefined> {
      if (!token) return Promise.resolve(undefined);
      return db.selectFrom('users').selectAll().where('access_token', '=', token).executeTakeFirst();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async insert(user: NewUser): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },
    async update(id: number, changes: Omit<Updateable<UserRow>, 'id'>, keepSession?: string): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
      if (endsSessions(changes)) await sessions.endAllOf(id, keepSession);
    },
    /** Replaces a password's hash with one of the same password at the current cost: no session ends. */
    async setPasswordHash(id: number, hash: string): Promise<void> {
      await db.updateTable('users').set({ password: hash }).where('id', '=', id).execute();
    },
    /** A page of users: keyword = id, or a prefix of username, e-mail, display name or group. */
    async list<F extends keyof UserRow & string>(request: ListRequest<F>) {
      let base = db.selectFrom('users');
      const keyword = request.keyword;
      if (keyword) {
        const pattern = likePrefix(keyword);
        const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : undefined;
        base = base.where((eb) =>
          eb.or([
            ...(id === undefined ? [] : [eb('id', '=', id)]),
            ...(['username', 'email', 'display_name', 'group'] as const).map(
              (column) => sql<boolean>`${sql.ref(column)} like ${pattern} escape '!'`,
            ),
          ]),
        );
      }
      return pageOf(base, request);
    },
    findByEmail(email: string): Promise<StoredUser | undefined> {
      if (!email) return Promise.resolve(undefined);
      return db.selectFrom('users').selectAll().where('email', '=', email).orderBy('id').executeTakeFirst();
    },
    /** The user bound to a third-party id (`github_id`, `lark_id`…); an empty id or 0 matches nobody. */
    findByBinding(column: BindingColumn, value: string | number): Promise<StoredUser | undefined> {
      if (value === '' || value === 0) return Promise.resolve(undefined);
      return db
        .selectFrom('users')
        .selectAll()
        .where(column, '=', value as never)
        .orderBy('id')
        .executeTakeFirst();
    },
    /** The highest user id (0 on an empty table): OAuth sign-ups are named `<provider>_<max + 1>`. */
    async maxId(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.max<number>('id').as('top'))
        .executeTakeFirst();
      return Number(row?.top ?? 0);
    },
    findByAffCode(code: string): Promise<StoredUser | undefined> {
      if (!code) return Promise.resolve(undefined);
      return db.selectFrom('users').selectAll().where('aff_code', '=', code).executeTakeFirst();
    },
    /** Sets an invitation code on a user who has none; false when the user already had one. */
    async setAffCodeIfEmpty(id: number, code: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ aff_code: code })
        .where('id', '=', id)
        .where('aff_code', '=', '')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Deletes a user together with their API keys. */
    async deleteWithTokens(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tokens').where('user_id', '=', id).execute();
        await trx.deleteFrom('users').where('id', '=', id).execute();
      });
      await sessions.endAllOf(id);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
