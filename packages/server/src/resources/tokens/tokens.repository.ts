// SQL for the tokens table; every read and write is scoped to the owner.
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { TokenRow } from '../../db/tables.js';
import { likePrefix, type ListRequest, pageOf } from '../../shared/listing.js';
import { TOKEN_KEY_LENGTH } from './token-key.js';

export type StoredToken = Selectable<TokenRow>;
export type NewToken = Omit<Insertable<TokenRow>, 'id' | 'key'>;
export type TokenChanges = Omit<Updateable<TokenRow>, 'id' | 'key' | 'user_id'>;

/** The tokens table. */
export function createTokensRepository(db: GwDb, kind: DatabaseKind) {
  return {
    async list<F extends keyof TokenRow & string>(userId: number, request: ListRequest<F>) {
      let base = db.selectFrom('tokens').where('user_id', '=', userId);
      if (request.keyword) {
        // Kysely has no ESCAPE helper; `!` escapes LIKE wildcards the same way on every dialect.
        base = base.where(sql<boolean>`${sql.ref('name')} like ${likePrefix(request.keyword)} escape '!'`);
      }
      return pageOf(base, request);
    },
    findOwned(id: number, userId: number): Promise<StoredToken | undefined> {
      return db
        .selectFrom('tokens')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst() as Promise<StoredToken | undefined>;
    },
    findByName(userId: number, name: string): Promise<StoredToken | undefined> {
      return db
        .selectFrom('tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .orderBy('id')
        .executeTakeFirst() as Promise<StoredToken | undefined>;
    },
    /** Inserts a token and sets its key (derived from the new id) in one transaction. */
    async insertWithKey(values: NewToken, keyFor: (id: number) => string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const insert = trx.insertInto('tokens').values({ ...values, key: null });
        const id =
          kind === 'postgres'
            ? (await insert.returning('id').executeTakeFirstOrThrow()).id
            : Number((await insert.executeTakeFirstOrThrow()).insertId);
        await trx
          .updateTable('tokens')
          .set({ key: keyFor(id) })
          .where('id', '=', id)
          .execute();
        return id;
      });
    },
    async update(id: number, userId: number, changes: TokenChanges): Promise<void> {
      await db
        .updateTable('tokens')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },
    /** Every owner's tokens (admin search): filters by owner, token id and name prefix, with the owner. */
    async search<F extends keyof TokenRow & string>(
      filter: { userId: number; tokenId: number },
      request: ListRequest<F>,
    ) {
      let base = db.selectFrom('tokens').leftJoin('users', 'users.id', 'tokens.user_id');
      if (filter.userId) base = base.where('tokens.user_id', '=', filter.userId);
      if (filter.tokenId) base = base.where('tokens.id', '=', filter.tokenId);
      if (request.keyword) {
        base = base.where(
          sql<boolean>`${sql.ref('tokens.name')} like ${likePrefix(request.keyword)} escape '!'`,
        );
      }
      const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      let query = base
        .selectAll('tokens')
        .select([
          'users.username as owner_username',
          'users.display_name as owner_display_name',
          'users.role as owner_role',
        ]);
      for (const [field, direction] of request.orders) {
        query = query.orderBy(sql.ref(`tokens.${field}`), direction);
      }
      const rows = await query
        .limit(request.size)
        .offset((request.page - 1) * request.size)
        .execute();
      return { rows, total: Number(countRow?.n ?? 0) };
    },
    findById(id: number): Promise<StoredToken | undefined> {
      return db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        StoredToken | undefined
      >;
    },
    /** Writes any token's columns (admin), including a new owner and key on a transfer. */
    async updateAny(id: number, changes: Omit<Updateable<TokenRow>, 'id'>): Promise<void> {
      await db.updateTable('tokens').set(changes).where('id', '=', id).execute();
    },
    async delete(id: number, userId: number): Promise<number> {
      const result = await db
        .deleteFrom('tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;

/**
 * Whether any stored key has the signed format: a database moved in from one-hub holds keys signed with
 * one-hub's secret, which gw must be given rather than generate (resolveSecrets).
 */
export async function hasSignedTokenKeys(db: GwDb): Promise<boolean> {
  const row = await db
    .selectFrom('tokens')
    .select('id')
    .where(sql<number>`length(${sql.ref('key')})`, '=', TOKEN_KEY_LENGTH)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
