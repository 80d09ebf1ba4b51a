import type { ColumnDef } from '../../format/columns.js';
import type { Translate } from '../../i18n/i18n.js';
import type { LocaleSection as I18nSection } from '../../i18n/locale-loaders.gen.js';
import { renderQuota } from '../../format/quota.js';
import { logDuration, logGroupText, logTypeChip } from '../../screens/log-cells.js';
import { LOG_TYPE } from './log-types.js';
import { type Log, logTypeKey } from './logs.schema.js';

/** The user group a consume log was billed in, `group → backup` when the backup served (log-cells). */
export function logGroupName(log: Log): string {
  return logGroupText(log);
}

/**
 * `request_time` as seconds with one decimal (`1.2 s`), and the first token's after a slash when the
 * reply streamed (`1.2 s / 0.3 s`), as the console's duration column shows it.
 */
export function logDurationText(log: Log): string {
  return logDuration(log)?.text ?? '';
}

/**
 * The log table's columns (spec §3 "Log"), shared by every face. `adminOnly` columns (channel, user)
 * show only on the admin list, since the self list carries no channel and only the caller's rows.
 */
export const LOG_COLUMNS: readonly (ColumnDef<Log> & { adminOnly?: boolean })[] = [
  {
    id: 'created_at',
    titleKey: 'logs.fields.created_at',
    sortField: 'created_at',
    priority: 1,
    value: (log, ctx) => ctx.time(log.created_at),
  },
  {
    id: 'type',
    titleKey: 'logs.fields.type',
    sortField: 'type',
    priority: 2,
    chip: true,
    chipStyle: (log) => logTypeChip(log.type),
    value: (log, ctx) => ctx.t(logTypeKey(log.type)),
  },
  // `id (name)` (console-screens §3), or the bare id when the channel has gone.
  {
    id: 'channel',
    titleKey: 'logs.fields.channel',
    sortField: 'channel_id',
    priority: 4,
    adminOnly: true,
    value: (log) =>
      log.channel_id === 0
        ? ''
        : log.channel?.name
          ? `${log.channel_id} (${log.channel.name})`
          : `${log.channel_id}`,
  },
  { id: 'group', titleKey: 'logs.fields.group', priority: 6, value: (log) => logGroupName(log) },
  {
    id: 'username',
    titleKey: 'logs.fields.username',
    sortField: 'user_id',
    priority: 2,
    adminOnly: true,
    chip: true,
    copy: true,
    value: (log) => log.username,
  },
  {
    id: 'token_name',
    titleKey: 'logs.fields.token_name',
    sortField: 'token_name',
    priority: 3,
    chip: true,
    copy: true,
    value: (log) => log.token_name,
  },
  {
    id: 'model_name',
    titleKey: 'logs.fields.model_name',
    sortField: 'model_name',
    priority: 1,
    chip: true,
    copy: true,
    value: (log) => log.model_name,
  },
  {
    id: 'request_time',
    titleKey: 'logs.fields.request_time',
    helpKey: 'logs.cells.duration_help',
    priority: 5,
    value: logDurationText,
  },
  {
    id: 'prompt_tokens',
    titleKey: 'logs.fields.prompt_tokens',
    priority: 4,
    value: (log) => (log.prompt_tokens ? String(log.prompt_tokens) : ''),
  },
  {
    id: 'completion_tokens',
    titleKey: 'logs.fields.completion_tokens',
    priority: 4,
    value: (log) => (log.completion_tokens ? String(log.completion_tokens) : ''),
  },
  {
    id: 'quota',
    titleKey: 'logs.fields.quota',
    priority: 1,
    // A call's cost is often a fraction of a cent: consumption shows 6 decimals (§3), the rest 2.
    value: (log, ctx) =>
      log.quota ? renderQuota(log.quota, ctx.quota, log.type === LOG_TYPE.consume ? 6 : 2) : '',
  },
  // The address the call came from (§3 column list); narrow screens drop it first.
  { id: 'source_ip', titleKey: 'logs.fields.source_ip', priority: 6, value: (log) => log.source_ip },
  {
    id: 'content',
    titleKey: 'logs.fields.content',
    priority: 3,
    value: (log, ctx) => logContentText(log, ctx.t),
  },
];

/** The log texts the server writes from i18n keys (`metadata.content_i18n`), which a console re-words. */
export const LOG_CONTENT_KEYS: ReadonlySet<string> = new Set([
  'users.log.quota_change',
  'users.log.new_user_gift',
  'users.log.invitee_gift',
  'users.log.inviter_gift',
  'redemptions.log.topup',
  'relay.midjourney.refund_log',
  'relay.pass_through.log_content',
]);

/**
 * The string sections the log texts' keys live in: a console that loads its strings per screen loads
 * these with its log list, or a re-worded text would show as its bare key.
 */
export const LOG_CONTENT_SECTIONS: readonly I18nSection[] = [
  ...new Set([...LOG_CONTENT_KEYS].map((key) => key.split('.')[0] as I18nSection)),
];

/**
 * A log's text in the reader's language: the server stores it worded in the writer's language (as
 * one-hub does, for its console and the CSV) and keeps its i18n key and parameters in the metadata.
 */
export function logContentText(log: Pick<Log, 'content' | 'metadata'>, t: Translate): string {
  const localized = log.metadata?.content_i18n;
  if (!localized || typeof localized !== 'object') return log.content;
  const { key, params } = localized as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || !LOG_CONTENT_KEYS.has(key)) return log.content;
  if (!params || typeof params !== 'object' || Array.isArray(params)) return log.content;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' && typeof value !== 'number') return log.content;
    values[name] = value;
  }
  return t(key, values);
}

/** The log columns for a list: the admin list shows every column, the self list drops admin-only ones. */
export function logColumnsFor(adminList: boolean): (ColumnDef<Log> & { adminOnly?: boolean })[] {
  return LOG_COLUMNS.filter((column) => adminList || !column.adminOnly);
}
