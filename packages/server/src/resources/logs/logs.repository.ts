// SQL for the logs table. Lists page through a narrow inner query (ids only, served by the indexes of
// the log-stats migration) and join the full rows afterwards, so deep pages skip index entries rather
// than whole rows; counts and sums are bounded by the same indexes.
import { LOG_TYPE, type LogSortField } from '@gw/core';
import { type SelectQueryBuilder, type Selectable, sql } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { GwTables, LogRow } from '../../db/tables.js';
import type { ListRequest } from '../../shared/listing.js';

export type StoredLog = Selectable<LogRow>;

/** Exact-match filters of the log lists and stats; undefined, 0 and '' mean "no filter". */
export interface LogFilters {
  userId?: number;
  type?: number;
  /** Inclusive unix seconds. */
  start?: number;
  end?: number;
  username?: string;
  tokenName?: string;
  modelName?: string;
  channelId?: number;
  sourceIp?: string;
}

type LogQuery<O> = SelectQueryBuilder<GwTables, 'logs', O>;

function filtered<O>(query: LogQuery<O>, filters: LogFilters): LogQuery<O> {
  let q = query;
  if (filters.userId !== undefined) q = q.where('logs.user_id', '=', filters.userId);
  if (filters.username) q = q.where('logs.username', '=', filters.username);
  if (filters.type) q = q.where('logs.type', '=', filters.type);
  if (filters.start) q = q.where('logs.created_at', '>=', filters.start);
  if (filters.end) q = q.where('logs.created_at', '<=', filters.end);
  if (filters.tokenName) q = q.where('logs.token_name', '=', filters.tokenName);
  if (filters.modelName) q = q.where('logs.model_name', '=', filters.modelName);
  if (filters.channelId) q = q.where('logs.channel_id', '=', filters.channelId);
  if (filters.sourceIp) q = q.where('logs.source_ip', '=', filters.sourceIp);
  return q;
}

/** The logs table. */
export function createLogsRepository(db: GwDb) {
  return {
    /** One page of matching logs in the requested order, and how many match in all. */
    async list(filters: LogFilters, request: ListRequest<LogSortField>) {
      const countRow = await filtered(db.selectFrom('logs'), filters)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      let ids = filtered(db.selectFrom('logs'), filters).select('logs.id');
      for (const [field, direction] of request.orders) ids = ids.orderBy(`logs.${field}`, direction);
      const page = ids.limit(request.size).offset((request.page - 1) * request.size);
      let rows = db.selectFrom(page.as('page')).innerJoin('logs', 'logs.id', 'page.id').selectAll('logs');
      for (const [field, direction] of request.orders) rows = rows.orderBy(`logs.${field}`, direction);
      return { rows: (await rows.execute()) as StoredLog[], total: Number(countRow?.n ?? 0) };
    },
    /** The quota summed over matching consume logs (contract §1.9: stats count only type 2). */
    async sumConsumedQuota(filters: Omit<LogFilters, 'type'>): Promise<number> {
      const row = await filtered(db.selectFrom('logs'), { ...filters, type: LOG_TYPE.consume })
        .select(sql<number | string | null>`sum(${sql.ref('logs.quota')})`.as('quota'))
        .executeTakeFirst();
      return Number(row?.quota ?? 0);
    },
    /**
     * The next batch of an export in the list's order (newest first, then highest id): matching rows
     * after `after`, the last row of the previous batch (keyset paging). The bound `created_at <= c`
     * is a range on every log index (each ends in created_at, id), so a batch reads about `limit`
     * index entries wherever it starts, and the export never holds more than a batch.
     */
    async exportBatch(
      filters: LogFilters,
      after: { createdAt: number; id: number } | undefined,
      limit: number,
    ): Promise<StoredLog[]> {
      let query = filtered(db.selectFrom('logs'), filters).selectAll('logs');
      if (after) {
        query = query
          .where('logs.created_at', '<=', after.createdAt)
          .where((eb) => eb.or([eb('logs.created_at', '<', after.createdAt), eb('logs.id', '<', after.id)]));
      }
      return (await query
        .orderBy('logs.created_at', 'desc')
        .orderBy('logs.id', 'desc')
        .limit(limit)
        .execute()) as StoredLog[];
    },
    /** Matching consume logs created at or after `since`, and their input + output tokens (RPM / TPM). */
    async consumedSince(
      filters: Omit<LogFilters, 'type' | 'start' | 'end'>,
      since: number,
    ): Promise<{ requests: number; tokens: number }> {
      const row = await filtered(db.selectFrom('logs'), { ...filters, type: LOG_TYPE.consume, start: since })
        .select((eb) => [
          eb.fn.countAll<number | string>().as('requests'),
          sql<
            number | string | null
          >`sum(${sql.ref('logs.prompt_tokens')} + ${sql.ref('logs.completion_tokens')})`.as('tokens'),
        ])
        .executeTakeFirst();
      return { requests: Number(row?.requests ?? 0), tokens: Number(row?.tokens ?? 0) };
    },
    /** Names of the given channel ids (the admin list's `channel`); deleted channels are absent. */
    async channelNames(ids: readonly number[]): Promise<ReadonlyMap<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('channels')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    /** Deletes consume logs created before `before` (unix seconds); returns how many went. */
    async deleteConsumedBefore(before: number): Promise<number> {
      const result = await db
        .deleteFrom('logs')
        .where('type', '=', LOG_TYPE.consume)
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type LogsRepository = ReturnType<typeof createLogsRepository>;
