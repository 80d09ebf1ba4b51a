import type { ColumnDef } from '../../format/columns.js';
import { renderNumber, renderQuota } from '../../format/quota.js';
import { roleLabelKey } from '../../roles/roles.js';
import { USER_STATUS, type User } from './users.schema.js';

/** The i18n key of a user status. */
export function userStatusKey(status: number): string {
  if (status === USER_STATUS.enabled) return 'users.status.enabled';
  if (status === USER_STATUS.disabled) return 'users.status.disabled';
  return 'users.status.unknown';
}

/** The account bindings a user has, as i18n keys of their names (e-mail, GitHub, WeChat, Lark, OIDC). */
export function userBindingKeys(user: User): string[] {
  const keys: string[] = [];
  if (user.email) keys.push('users.bindings.email');
  if (user.github_id || user.github_id_new) keys.push('users.bindings.github');
  if (user.wechat_id) keys.push('users.bindings.wechat');
  if (user.lark_id) keys.push('users.bindings.lark');
  if (user.oidc_id) keys.push('users.bindings.oidc');
  return keys;
}

/**
 * The admin user table's columns (console-screens §5), shared by every face. Priority 1 columns always
 * show; higher numbers drop first on narrow screens.
 */
export const USER_COLUMNS: readonly ColumnDef<User>[] = [
  { id: 'id', titleKey: 'users.fields.id', sortField: 'id', priority: 2, value: (user) => String(user.id) },
  {
    id: 'username',
    titleKey: 'users.fields.username',
    sortField: 'username',
    priority: 1,
    value: (user) =>
      user.display_name && user.display_name !== user.username
        ? `${user.username} (${user.display_name})`
        : user.username,
  },
  { id: 'group', titleKey: 'users.fields.group', priority: 3, chip: true, value: (user) => user.group },
  {
    id: 'quota',
    titleKey: 'users.fields.quota',
    priority: 1,
    value: (user, ctx) => renderQuota(user.quota, ctx.quota),
  },
  {
    id: 'used_quota',
    titleKey: 'users.fields.used_quota',
    priority: 3,
    value: (user, ctx) => renderQuota(user.used_quota, ctx.quota),
  },
  {
    id: 'request_count',
    titleKey: 'users.fields.request_count',
    priority: 4,
    value: (user) => renderNumber(user.request_count),
  },
  {
    id: 'role',
    titleKey: 'users.fields.role',
    sortField: 'role',
    priority: 2,
    chip: true,
    value: (user, ctx) => ctx.t(roleLabelKey(user.role)),
  },
  {
    id: 'bindings',
    titleKey: 'users.fields.bindings',
    priority: 6,
    value: (user, ctx) =>
      userBindingKeys(user)
        .map((key) => ctx.t(key))
        .join(', ') || '-',
  },
  {
    id: 'created_time',
    titleKey: 'users.fields.created_time',
    sortField: 'created_time',
    priority: 5,
    value: (user, ctx) => (user.created_time ? ctx.time(user.created_time) : '-'),
  },
  {
    id: 'last_login_time',
    titleKey: 'users.fields.last_login_time',
    sortField: 'last_login_time',
    priority: 5,
    value: (user, ctx) => (user.last_login_time ? ctx.time(user.last_login_time) : '-'),
  },
  {
    id: 'last_login_ip',
    titleKey: 'users.fields.last_login_ip',
    sortField: 'last_login_ip',
    priority: 6,
    value: (user) => user.last_login_ip || '-',
  },
  {
    id: 'status',
    titleKey: 'users.fields.status',
    sortField: 'status',
    priority: 1,
    value: (user, ctx) => ctx.t(userStatusKey(user.status)),
  },
];
