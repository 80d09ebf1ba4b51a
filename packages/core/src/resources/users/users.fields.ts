import { type CellChip, roleChip, stateChip } from '../../format/chips.js';
import type { ColumnContext, ColumnDef } from '../../format/columns.js';
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

/** The bindings the user cell always shows (spec §5: WeChat, GitHub, e-mail), then Lark and OIDC when bound. */
const BINDINGS: readonly { key: string; icon: string; of: (user: User) => string; always: boolean }[] = [
  { key: 'users.bindings.wechat', icon: 'chat', of: (user) => user.wechat_id ?? '', always: true },
  {
    key: 'users.bindings.github',
    icon: 'git-repo',
    of: (user) => user.github_id || (user.github_id_new ? String(user.github_id_new) : ''),
    always: true,
  },
  { key: 'users.bindings.email', icon: 'envelope', of: (user) => user.email ?? '', always: true },
  { key: 'users.bindings.lark', icon: 'send-message', of: (user) => user.lark_id ?? '', always: false },
  { key: 'users.bindings.oidc', icon: 'key', of: (user) => user.oidc_id ?? '', always: false },
];

/** A user's bindings as chips: coloured when bound (the id or address as its title), grey when not. */
export function userBindingChips(user: User, ctx: ColumnContext): CellChip[] {
  return BINDINGS.flatMap(({ key, icon, of, always }) => {
    const bound = of(user);
    if (!bound && !always) return [];
    return [
      bound
        ? { text: ctx.t(key), icon, tone: 'primary', title: bound }
        : {
            text: ctx.t(key),
            icon,
            tone: 'default',
            variant: 'ghost',
            title: ctx.t('users.bindings.not_bound'),
          },
    ] satisfies CellChip[];
  });
}

/** The statistics cell (spec §5): remaining quota, used quota and request count, each a chip. */
export function userStatisticsChips(user: User, ctx: ColumnContext): CellChip[] {
  return [
    { text: renderQuota(user.quota, ctx.quota), tone: 'success', title: ctx.t('users.fields.quota') },
    {
      text: renderQuota(user.used_quota, ctx.quota),
      tone: 'warning',
      title: ctx.t('users.fields.used_quota'),
    },
    { text: renderNumber(user.request_count), tone: 'info', title: ctx.t('users.fields.request_count') },
  ];
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
  {
    id: 'group',
    titleKey: 'users.fields.group',
    priority: 3,
    chip: true,
    chipStyle: () => ({ tone: 'primary', variant: 'outlined' }),
    value: (user) => user.group,
  },
  {
    id: 'statistics',
    titleKey: 'users.fields.statistics',
    helpKey: 'users.fields.statistics_help',
    priority: 1,
    // Text faces and the CSV get the three figures in the chips' order.
    value: (user, ctx) =>
      userStatisticsChips(user, ctx)
        .map((chip) => chip.text)
        .join(' / '),
    chips: userStatisticsChips,
  },
  {
    id: 'role',
    titleKey: 'users.fields.role',
    sortField: 'role',
    priority: 2,
    chip: true,
    chipStyle: (user) => roleChip(user.role),
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
    chips: userBindingChips,
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
    chip: true,
    chipStyle: (user) => stateChip(user.status === USER_STATUS.enabled),
    value: (user, ctx) => ctx.t(userStatusKey(user.status)),
  },
];
