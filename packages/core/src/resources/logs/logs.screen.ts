// The log screen (console-screens §3) described once: admins list every user's logs (`/api/log/`), users
// their own (`/api/log/self`); the type, token, model and time filters for all, channel, user and source
// IP for admins; the stat line of the current filter; the detail of one log; the server's CSV export.
import type { ColumnContext } from '../../format/columns.js';
import { renderQuota } from '../../format/quota.js';
import { nowSeconds } from '../../format/time.js';
import type { ApiClient } from '../../http/client.js';
import {
  type FilterDef,
  queryNumber,
  queryText,
  type ScreenDef,
  type ScreenQuery,
} from '../../screens/screen-model.js';
import { LOG_TYPE } from './log-types.js';
import { getLogStat, getSelfLogStat, listLogs, listSelfLogs } from './logs.api.js';
import { LOG_COLUMNS } from './logs.fields.js';
import { type Log, type LogListFilters, type LogStat, logTypeKey } from './logs.schema.js';

/** The default end of the time range: an hour from now, so the newest logs show (§3). */
const END_LEEWAY_SECONDS = 3600;

/** Type, token, model and the time range for everyone; channel, user and source IP for admins (§3). */
export const LOG_FILTERS: readonly FilterDef[] = [
  {
    name: 'log_type',
    kind: 'select',
    labelKey: 'logs.fields.type',
    appliesAtOnce: true,
    options: [
      { value: '', labelKey: 'logs.type.all' },
      ...(['topup', 'consume', 'manage', 'system'] as const).map((type) => ({
        value: LOG_TYPE[type],
        labelKey: logTypeKey(LOG_TYPE[type]),
      })),
    ],
  },
  { name: 'token_name', kind: 'text', labelKey: 'logs.fields.token_name' },
  { name: 'model_name', kind: 'text', labelKey: 'logs.fields.model_name' },
  { name: 'start_timestamp', kind: 'datetime', labelKey: 'logs.fields.start_timestamp' },
  {
    name: 'end_timestamp',
    kind: 'datetime',
    labelKey: 'logs.fields.end_timestamp',
    defaultValue: () => String(nowSeconds() + END_LEEWAY_SECONDS),
  },
  { name: 'channel_id', kind: 'int', labelKey: 'logs.fields.channel_id', adminOnly: true },
  { name: 'username', kind: 'text', labelKey: 'logs.fields.username', adminOnly: true },
  { name: 'source_ip', kind: 'text', labelKey: 'logs.fields.source_ip', adminOnly: true },
];

/** The filters of a screen query both lists take (the self list ignores none of these). */
function ownFilters(query: ScreenQuery) {
  return {
    log_type: queryNumber(query, 'log_type'),
    token_name: queryText(query, 'token_name'),
    model_name: queryText(query, 'model_name'),
    start_timestamp: queryNumber(query, 'start_timestamp'),
    end_timestamp: queryNumber(query, 'end_timestamp'),
  };
}

/** The admin-only filters of a screen query. */
function adminFilters(query: ScreenQuery) {
  return {
    channel_id: queryNumber(query, 'channel_id'),
    username: queryText(query, 'username'),
    source_ip: queryText(query, 'source_ip'),
  };
}

/** A screen query as the log lists take it. */
export function logListQuery(query: ScreenQuery, admin: boolean): LogListFilters {
  return {
    page: query.page,
    size: query.size,
    order: query.order,
    ...ownFilters(query),
    ...(admin ? adminFilters(query) : {}),
  };
}

/**
 * The stat line's figures for the current filter (§3): quota used, and the requests and tokens of the
 * last minute. Stats count consume logs only, so the type filter does not apply; nor does the source IP.
 */
export function loadLogStat(client: ApiClient, query: ScreenQuery, admin: boolean): Promise<LogStat> {
  const own = {
    start_timestamp: queryNumber(query, 'start_timestamp'),
    end_timestamp: queryNumber(query, 'end_timestamp'),
    token_name: queryText(query, 'token_name'),
    model_name: queryText(query, 'model_name'),
  };
  return admin
    ? getLogStat(client, {
        ...own,
        username: queryText(query, 'username'),
        channel: queryNumber(query, 'channel_id'),
      })
    : getSelfLogStat(client, own);
}

/** The stat line as text: "Quota used: $1.23 · RPM: 4 · TPM: 5,000". */
export function logStatText(stat: LogStat, ctx: ColumnContext): string {
  return [
    ctx.t('logs.stat.quota', { quota: renderQuota(stat.quota, ctx.quota, 6) }),
    ctx.t('logs.stat.rpm', { rpm: stat.rpm.toLocaleString('en-US') }),
    ctx.t('logs.stat.tpm', { tpm: stat.tpm.toLocaleString('en-US') }),
  ].join(' · ');
}

/** One line of a log's detail view: a label and the value as text. */
export interface LogDetailLine {
  labelKey: string;
  text: string;
}

/**
 * A log's detail (§3): every column the role sees, then the fields no column shows (id, stream, source
 * IP, the exact quota in points); the metadata is the face's to show as JSON (`log.metadata`).
 */
export function logDetailLines(log: Log, ctx: ColumnContext, admin: boolean): LogDetailLine[] {
  const lines: LogDetailLine[] = [{ labelKey: 'logs.fields.id', text: String(log.id) }];
  for (const column of LOG_COLUMNS) {
    if (column.adminOnly && !admin) continue;
    lines.push({ labelKey: column.titleKey, text: column.value(log, ctx) });
  }
  const extra: LogDetailLine[] = [
    { labelKey: 'logs.fields.quota_points', text: String(log.quota) },
    { labelKey: 'logs.fields.is_stream', text: ctx.t(log.is_stream ? 'common.yes' : 'common.no') },
    { labelKey: 'logs.fields.source_ip', text: log.source_ip },
  ];
  // Each field once: a column that shows one of these (the source IP has its own now) is not repeated.
  const listed = new Set(lines.map((line) => line.labelKey));
  lines.push(...extra.filter((line) => !listed.has(line.labelKey)));
  return lines;
}

export const LOG_SCREEN: ScreenDef<Log> = {
  id: 'log',
  titleKey: 'logs.title',
  entity: 'logs',
  rowKey: (log) => log.id,
  rowName: (log) => String(log.id),
  columns: LOG_COLUMNS,
  list: (client, query) => listLogs(client, logListQuery(query, true)),
  selfList: (client, query) => listSelfLogs(client, logListQuery(query, false)),
  filters: LOG_FILTERS,
  defaultOrder: '-created_at',
  pageSizeKey: 'log',
  emptyKey: 'logs.empty',
  refreshClearsFilters: true,
  searchButton: true,
  columnSettings: true,
  csvDownload: {
    path: '/api/log/export',
    selfPath: '/api/log/self/export',
    // The server drops the admin filters on the self export; the order is newest first.
    params: (query) => ({ ...ownFilters(query), ...adminFilters(query) }),
  },
  rowActions: [],
};
