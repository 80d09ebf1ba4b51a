// Log rules of contract §1.9: every filter an exact match, stats over consume logs only, the admin list
// names each log's channel, the self list shows the caller's rows only.
import {
  type Log,
  LOG_SORT_FIELDS,
  type LogExportQuery,
  type LogListQuery,
  type LogSelfExportQuery,
  type LogSelfListQuery,
  type LogStat,
  type LogSelfStatQuery,
  type LogStatQuery,
  nowSeconds,
  type Paged,
} from '@gw/core';
import type { AuthUser } from '../../shared/auth-user.js';
import { type ListRequest, listRequest } from '../../shared/listing.js';
import type { LogFilters, LogsRepository, StoredLog } from './logs.repository.js';
import { logRowToLog } from './logs.wire.js';

/**
 * Seam for the channels resource: the names of channel ids, for the admin list's `channel`. Composed in
 * app.ts; ids it does not know (deleted channels, or no channels table yet) get `channel: null`.
 */
export type ChannelNameLookup = (ids: readonly number[]) => Promise<ReadonlyMap<number, string>>;

/** The lookup used until a channels table exists: every log's `channel` is null. */
export const noChannelNames: ChannelNameLookup = async () => new Map();

type SortField = (typeof LOG_SORT_FIELDS)[number];

/** The contract's paging and sort rules; with no order, newest first (the indexes serve this order). */
function logListRequest(query: { page: number; size: number; order: string }): ListRequest<SortField> {
  const request = listRequest({ ...query, keyword: '' }, LOG_SORT_FIELDS);
  if (query.order.trim() === '')
    request.orders = [
      ['created_at', 'desc'],
      ['id', 'desc'],
    ];
  return request;
}

function listFilters(query: Omit<LogSelfListQuery, 'page' | 'size' | 'order' | 'keyword'>): LogFilters {
  return {
    type: query.log_type,
    start: query.start_timestamp,
    end: query.end_timestamp,
    modelName: query.model_name,
    tokenName: query.token_name,
  };
}

/** Rows an export reads per query: small enough to hold, large enough to keep round trips few. */
export const LOG_EXPORT_BATCH = 1000;

/** The window of the stat's RPM and TPM. */
const RATE_WINDOW_SECONDS = 60;

/** The log rules over a repository and the channel-name seam. */
export function createLogsService(logs: LogsRepository, channelNames: ChannelNameLookup = noChannelNames) {
  const withChannels = async (rows: readonly StoredLog[]): Promise<Log[]> => {
    const ids = [...new Set(rows.map((row) => row.channel_id).filter((id) => id > 0))];
    const names = ids.length > 0 ? await channelNames(ids) : new Map<number, string>();
    return rows.map((row) => {
      const name = names.get(row.channel_id);
      return logRowToLog(row, name === undefined ? null : { id: row.channel_id, name });
    });
  };
  async function* exportBatches(filters: LogFilters, named: boolean): AsyncGenerator<Log[]> {
    // Keyset paging: each batch starts after the last row written, whatever was added meanwhile.
    let after: { createdAt: number; id: number } | undefined;
    for (;;) {
      const rows = await logs.exportBatch(filters, after, LOG_EXPORT_BATCH);
      if (rows.length === 0) return;
      yield named ? await withChannels(rows) : rows.map((row) => logRowToLog(row, null));
      const last = rows[rows.length - 1];
      if (rows.length < LOG_EXPORT_BATCH || !last) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }
  const statOf = async (filters: Omit<LogFilters, 'type'>): Promise<LogStat> => {
    const { start: _start, end: _end, ...rest } = filters;
    const [quota, recent] = await Promise.all([
      logs.sumConsumedQuota(filters),
      logs.consumedSince(rest, nowSeconds() - RATE_WINDOW_SECONDS),
    ]);
    return { quota, rpm: recent.requests, tpm: recent.tokens };
  };
  return {
    /** Every user's logs (admin), each with its channel's id and name when the channel exists. */
    async list(query: LogListQuery): Promise<Paged<Log>> {
      const request = logListRequest(query);
      const { rows, total } = await logs.list(
        {
          ...listFilters(query),
          username: query.username,
          channelId: query.channel_id,
          sourceIp: query.source_ip,
        },
        request,
      );
      return {
        data: await withChannels(rows),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },
    /** The caller's own logs; `channel` is always null (channel names are admin information). */
    async listOwn(caller: AuthUser, query: LogSelfListQuery): Promise<Paged<Log>> {
      const request = logListRequest(query);
      const { rows, total } = await logs.list({ ...listFilters(query), userId: caller.id }, request);
      return {
        data: rows.map((row) => logRowToLog(row, null)),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },
    /** Quota of every matching consume log (admin), and the last minute's requests and tokens. */
    stat(query: LogStatQuery): Promise<LogStat> {
      return statOf({
        start: query.start_timestamp,
        end: query.end_timestamp,
        username: query.username,
        tokenName: query.token_name,
        modelName: query.model_name,
        channelId: query.channel,
      });
    },
    /** The same over the caller's own consume logs. */
    statOwn(caller: AuthUser, query: LogSelfStatQuery): Promise<LogStat> {
      return statOf({
        userId: caller.id,
        start: query.start_timestamp,
        end: query.end_timestamp,
        tokenName: query.token_name,
        modelName: query.model_name,
        channelId: query.channel,
      });
    },
    /** Every matching log (admin), newest first, a batch at a time, each with its channel's name. */
    exportAll(query: LogExportQuery): AsyncGenerator<Log[]> {
      return exportBatches(
        {
          ...listFilters(query),
          username: query.username,
          channelId: query.channel_id,
          sourceIp: query.source_ip,
        },
        true,
      );
    },
    /** Every one of the caller's matching logs, newest first; no channel names (admin information). */
    exportOwn(caller: AuthUser, query: LogSelfExportQuery): AsyncGenerator<Log[]> {
      return exportBatches({ ...listFilters(query), userId: caller.id }, false);
    },
    /** Deletes consume logs older than the target; top-up, manage and system logs stay. */
    deleteConsumedBefore(targetTimestamp: number): Promise<number> {
      return logs.deleteConsumedBefore(targetTimestamp);
    },
  };
}

export type LogsService = ReturnType<typeof createLogsService>;
