import type { ColumnDef } from '../../format/columns.js';
import { renderQuota } from '../../format/quota.js';
import { TOKEN_NEVER_EXPIRES, maskTokenKey, tokenStatusKey, type Token } from './tokens.schema.js';

/**
 * The token table's columns, shared by the web table, the TUI table and `gw tokens list`.
 * Priority 1 columns always show; higher numbers drop first on narrow screens.
 */
export const TOKEN_COLUMNS: readonly ColumnDef<Token>[] = [
  {
    id: 'id',
    titleKey: 'tokens.fields.id',
    sortField: 'id',
    priority: 2,
    value: (token) => String(token.id),
  },
  {
    // The admin search's rows carry the owner's name: `id - name` (console-screens §2, first column of
    // that layout). On one's own list it would say oneself on every row, so it shows only there.
    id: 'owner',
    titleKey: 'tokens.fields.owner',
    priority: 2,
    adminOnly: true,
    adminSearchOnly: true,
    value: (token) => (token.owner_name === undefined ? '' : `${token.user_id} - ${token.owner_name}`),
  },
  {
    id: 'name',
    titleKey: 'tokens.fields.name',
    sortField: 'name',
    priority: 1,
    value: (token) => token.name,
  },
  {
    id: 'group',
    titleKey: 'tokens.fields.group',
    priority: 4,
    value: (token, ctx) => token.group || ctx.t('tokens.follow_user_group'),
  },
  {
    id: 'backup_group',
    titleKey: 'tokens.fields.backup_group',
    priority: 5,
    value: (token) => token.backup_group,
  },
  {
    id: 'status',
    titleKey: 'tokens.fields.status',
    sortField: 'status',
    priority: 1,
    value: (token, ctx) => ctx.t(tokenStatusKey(token.status)),
  },
  {
    id: 'used_quota',
    titleKey: 'tokens.fields.used_quota',
    sortField: 'used_quota',
    priority: 3,
    value: (token, ctx) => renderQuota(token.used_quota, ctx.quota),
  },
  {
    id: 'remain_quota',
    titleKey: 'tokens.fields.remain_quota',
    sortField: 'remain_quota',
    priority: 2,
    value: (token, ctx) =>
      token.unlimited_quota ? ctx.t('tokens.unlimited') : renderQuota(token.remain_quota, ctx.quota),
  },
  {
    id: 'created_time',
    titleKey: 'tokens.fields.created_time',
    sortField: 'created_time',
    priority: 5,
    value: (token, ctx) => ctx.time(token.created_time),
  },
  {
    id: 'expired_time',
    titleKey: 'tokens.fields.expired_time',
    sortField: 'expired_time',
    priority: 3,
    value: (token, ctx) =>
      token.expired_time === TOKEN_NEVER_EXPIRES
        ? ctx.t('tokens.never_expires')
        : ctx.time(token.expired_time),
  },
  {
    id: 'accessed_time',
    titleKey: 'tokens.fields.accessed_time',
    priority: 5,
    adminOnly: true,
    value: (token, ctx) => (token.accessed_time > 0 ? ctx.time(token.accessed_time) : ''),
  },
  { id: 'key', titleKey: 'tokens.fields.key', priority: 6, value: (token) => maskTokenKey(token.key) },
];
