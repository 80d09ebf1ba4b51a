// SQL for the channels table: the filtered list, tag groups and the batch writes of contract §1.7–1.8.
import { CHANNEL_STATUS, type ChannelListQuery, type ChannelSortField } from '@gw/core';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { ChannelRow, GwTables } from '../../db/tables.js';
import { likePrefix, type ListRequest, pageOf } from '../../shared/listing.js';

export type StoredChannel = Selectable<ChannelRow>;
export type NewChannel = Omit<Insertable<ChannelRow>, 'id'>;
export type ChannelChanges = Omit<Updateable<ChannelRow>, 'id'>;
export type ChannelFilters = Omit<ChannelListQuery, 'page' | 'size' | 'order' | 'keyword'>;

type Eb = ExpressionBuilder<GwTables, 'channels'>;

const like = (eb: Eb, column: 'name' | 'models' | 'other' | 'test_model' | 'group', pattern: string) =>
  sql<SqlBool>`${eb.ref(column)} like ${pattern} escape '!'`;

/** Whether the CSV column `group` holds `symbol` as one of its members. */
function groupMember(eb: Eb, symbol: string): Expression<SqlBool> {
  const escaped = likePrefix(symbol).slice(0, -1);
  return eb.or([
    eb('group', '=', symbol),
    like(eb, 'group', `${escaped},%`),
    like(eb, 'group', `%,${escaped}`),
    like(eb, 'group', `%,${escaped},%`),
  ]);
}

/** The filters of the list as one condition; unqualified, so it also binds inside a subquery. */
function filterCondition(eb: Eb, filters: ChannelFilters): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (filters.type) parts.push(eb('type', '=', filters.type));
  if (filters.status) parts.push(eb('status', '=', filters.status));
  if (filters.name) parts.push(like(eb, 'name', `%${likePrefix(filters.name)}`));
  if (filters.group) parts.push(groupMember(eb, filters.group));
  if (filters.models) parts.push(like(eb, 'models', `%${likePrefix(filters.models)}`));
  if (filters.key) parts.push(eb('key', '=', filters.key));
  if (filters.other) parts.push(like(eb, 'other', likePrefix(filters.other)));
  if (filters.test_model) parts.push(like(eb, 'test_model', likePrefix(filters.test_model)));
  if (filters.tag) parts.push(eb('tag', '=', filters.tag));
  return eb.and(parts);
}

/** The channels table. */
export function createChannelsRepository(db: GwDb, kind: DatabaseKind) {
  /** filter_tag: 0 untagged + the highest id of each tag, 1 untagged only, 2 tag representatives only. */
  function listCondition(eb: Eb, filters: ChannelFilters): Expression<SqlBool> {
    const representatives = () =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('channels')
          .select((inner) => inner.fn.max('id').as('id'))
          .where((inner) => inner.and([inner('tag', '<>', ''), filterCondition(inner, filters)]))
          .groupBy('tag'),
      );
    const base = filterCondition(eb, filters);
    if (filters.filter_tag === 1) return eb.and([base, eb('tag', '=', '')]);
    if (filters.filter_tag === 2) return eb.and([base, representatives()]);
    return eb.and([base, eb.or([eb('tag', '=', ''), representatives()])]);
  }

  return {
    async list(filters: ChannelFilters, request: ListRequest<ChannelSortField>) {
      const base = db.selectFrom('channels').where((eb) => listCondition(eb, filters));
      return pageOf(base, request);
    },
    findById(id: number): Promise<StoredChannel | undefined> {
      return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        StoredChannel | undefined
      >;
    },
    findByIds(ids: number[]): Promise<StoredChannel[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('channels').selectAll().where('id', 'in', ids).orderBy('id').execute() as Promise<
        StoredChannel[]
      >;
    },
    /** Channels matching a condition on status and type (the test and balance runs). */
    findWhere(statuses: number[], types?: number[]): Promise<StoredChannel[]> {
      let query = db.selectFrom('channels').selectAll().where('status', 'in', statuses);
      if (types) query = query.where('type', 'in', types);
      return query.orderBy('id').execute() as Promise<StoredChannel[]>;
    },
    /** Inserts channels (wrap in `transaction` for all-or-nothing); returns their ids in order. */
    async insertMany(rows: NewChannel[]): Promise<number[]> {
      const ids: number[] = [];
      for (const row of rows) {
        const insert = db.insertInto('channels').values(row);
        ids.push(
          kind === 'postgres'
            ? (await insert.returning('id').executeTakeFirstOrThrow()).id
            : Number((await insert.executeTakeFirstOrThrow()).insertId),
        );
      }
      return ids;
    },
    async update(id: number, changes: ChannelChanges): Promise<number> {
      const result = await db.updateTable('channels').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async updateMany(ids: number[], changes: ChannelChanges): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.updateTable('channels').set(changes).where('id', 'in', ids).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async deleteByIds(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Deletes channels manually (2) or automatically (3) disabled, optionally only those of one tag. */
    async deleteDisabled(tag?: string): Promise<number> {
      let query = db.deleteFrom('channels').where('status', 'in', [2, 3]);
      if (tag !== undefined) query = query.where('tag', '=', tag);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },
    async distinctTags(): Promise<string[]> {
      const rows = await db
        .selectFrom('channels')
        .select('tag')
        .distinct()
        .where('tag', '<>', '')
        .orderBy('tag')
        .execute();
      return rows.map((row) => row.tag);
    },
    listByTag(tag: string): Promise<StoredChannel[]> {
      return db.selectFrom('channels').selectAll().where('tag', '=', tag).orderBy('id').execute() as Promise<
        StoredChannel[]
      >;
    },
    async updateByTag(tag: string, changes: ChannelChanges): Promise<number> {
      const result = await db.updateTable('channels').set(changes).where('tag', '=', tag).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async deleteByTag(tag: string): Promise<number> {
      const result = await db.deleteFrom('channels').where('tag', '=', tag).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** The models column and type of every channel (the model list until prices exist). */
    modelsByType(): Promise<Array<{ type: number; models: string }>> {
      return db.selectFrom('channels').select(['type', 'models']).orderBy('id').execute();
    },
    /** The model lists and group lists of enabled channels: what the gateway can serve, and to whom. */
    enabledModelGroups(): Promise<Array<{ models: string; group: string }>> {
      return db
        .selectFrom('channels')
        .select(['models', 'group'])
        .where('status', '=', CHANNEL_STATUS.enabled)
        .orderBy('id')
        .execute();
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;

/** The repository plus `transaction`: runs `work` over a repository bound to one transaction. */
export function createChannelsStore(db: GwDb, kind: DatabaseKind) {
  return {
    ...createChannelsRepository(db, kind),
    transaction<T>(work: (trx: ChannelsRepository) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(createChannelsRepository(trx, kind)));
    },
  };
}

export type ChannelsStore = ReturnType<typeof createChannelsStore>;
