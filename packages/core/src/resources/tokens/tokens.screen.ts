// The token screen (console-screens §2) described once: the list with the admin search, the status
// switch, copy and delete, batch enable/disable/delete, and the editor of §2.1 as flat fields whose
// messages come from the wire schema (tokenCreateSchema) re-pathed onto them.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import type { ListView } from '../../format/columns.js';
import {
  type ActionDef,
  deleteAction,
  type FormDef,
  type ScreenDef,
  type ScreenQuery,
} from '../../screens/screen-model.js';
import { deleteToken, createToken, listTokens, setTokenStatus, updateToken } from './tokens.api.js';
import { searchTokensAdmin, setTokenStatusAdmin, updateTokenAdmin } from './tokens-admin.js';
import { TOKEN_COLUMNS } from './tokens.fields.js';
import {
  TOKEN_NEVER_EXPIRES,
  TOKEN_STATUS,
  type Token,
  type TokenCreateInput,
  tokenCreateSchema,
  tokenEnableRefusal,
  tokenKeyForDisplay,
} from './tokens.schema.js';

/** The editor's values, flat: switches beside the values they govern (§2.1). */
export interface TokenFormValues {
  name: string;
  never_expires: boolean;
  /** Unix seconds; read only while `never_expires` is off. */
  expired_time: number;
  unlimited_quota: boolean;
  remain_quota: number;
  group: string;
  backup_group: string;
  heartbeat_enabled: boolean;
  heartbeat_timeout: number;
  limit_models: boolean;
  models: string[];
  limit_ips: boolean;
  /** One IP or CIDR per line. */
  ip_whitelist: string;
}

const ONE_MONTH_SECONDS = 30 * 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Where each wire path's message shows among the flat fields. */
const FIELD_OF_PATH: ReadonlyArray<[string, keyof TokenFormValues]> = [
  ['name', 'name'],
  ['expired_time', 'expired_time'],
  ['remain_quota', 'remain_quota'],
  ['group', 'group'],
  ['backup_group', 'backup_group'],
  ['setting.heartbeat', 'heartbeat_timeout'],
  ['setting.limits.limit_model_setting', 'models'],
  ['setting.limits.limits_ip_setting', 'ip_whitelist'],
];

const lines = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The create/edit body of the editor's values (blank lines dropped, names trimmed). */
export function tokenInputFromForm(values: TokenFormValues): TokenCreateInput {
  return {
    name: values.name.trim(),
    expired_time: values.never_expires ? TOKEN_NEVER_EXPIRES : values.expired_time,
    unlimited_quota: values.unlimited_quota,
    remain_quota: values.unlimited_quota && !Number.isFinite(values.remain_quota) ? 0 : values.remain_quota,
    group: values.group,
    backup_group: values.backup_group,
    setting: {
      heartbeat: { enabled: values.heartbeat_enabled, timeout_seconds: values.heartbeat_timeout },
      limits: {
        limit_model_setting: {
          enabled: values.limit_models,
          models: values.limit_models ? values.models : [],
        },
        limits_ip_setting: {
          enabled: values.limit_ips,
          whitelist: values.limit_ips ? lines(values.ip_whitelist, /\n/) : [],
        },
      },
    },
  };
}

/** The editor's check: the wire schema's rules on their fields, and an expiry that is a time to come. */
export const tokenFormSchema: z.ZodType<TokenFormValues> = z
  .object({
    name: z.string(),
    never_expires: z.boolean(),
    expired_time: z.number(),
    unlimited_quota: z.boolean(),
    remain_quota: z.number(),
    group: z.string(),
    backup_group: z.string(),
    heartbeat_enabled: z.boolean(),
    heartbeat_timeout: z.number(),
    limit_models: z.boolean(),
    models: z.array(z.string()),
    limit_ips: z.boolean(),
    ip_whitelist: z.string(),
  })
  .superRefine((values, ctx) => {
    const wire = tokenCreateSchema.safeParse(tokenInputFromForm(values));
    const taken = new Set<string>();
    for (const issue of wire.success ? [] : wire.error.issues) {
      const path = issue.path.map(String).join('.');
      const field = FIELD_OF_PATH.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`))?.[1];
      if (!field || taken.has(field)) continue;
      taken.add(field);
      ctx.addIssue({ ...issue, code: 'custom', path: [field] } as Parameters<typeof ctx.addIssue>[0]);
    }
    if (!values.never_expires && !taken.has('expired_time')) {
      if (!Number.isFinite(values.expired_time) || values.expired_time <= 0)
        ctx.addIssue({ code: 'custom', path: ['expired_time'], message: 'validation.token.expiry_invalid' });
      else if (values.expired_time <= nowSeconds())
        ctx.addIssue({ code: 'custom', path: ['expired_time'], message: 'validation.token.expiry_past' });
    }
  });

/** The editor's values of a stored token. */
export function tokenFormFromRow(token: Token): TokenFormValues {
  const never = token.expired_time === TOKEN_NEVER_EXPIRES;
  const { heartbeat, limits } = token.setting;
  return {
    name: token.name,
    never_expires: never,
    expired_time: never ? nowSeconds() + ONE_MONTH_SECONDS : token.expired_time,
    unlimited_quota: token.unlimited_quota,
    remain_quota: token.remain_quota,
    group: token.group,
    backup_group: token.backup_group,
    heartbeat_enabled: heartbeat.enabled,
    heartbeat_timeout: heartbeat.timeout_seconds,
    limit_models: limits.limit_model_setting.enabled,
    models: [...limits.limit_model_setting.models],
    limit_ips: limits.limits_ip_setting.enabled,
    ip_whitelist: limits.limits_ip_setting.whitelist.join('\n'),
  };
}

/** A new token: never expires, unlimited, no limits (§2.1 defaults). */
export function emptyTokenForm(): TokenFormValues {
  return {
    name: '',
    never_expires: true,
    expired_time: nowSeconds() + ONE_MONTH_SECONDS,
    unlimited_quota: true,
    remain_quota: 0,
    group: '',
    backup_group: '',
    heartbeat_enabled: false,
    heartbeat_timeout: 30,
    limit_models: false,
    models: [],
    limit_ips: false,
    ip_whitelist: '',
  };
}

/**
 * Typing a value implies the switch that governs it (a command line types values without switches): a
 * quota makes the token limited, an expiry makes it expire, a model list or whitelist turns that limit
 * on, a heartbeat timeout the heartbeat. A form that shows each value only under its switch sees no
 * change from this.
 */
export function tokenFormChanged(
  values: TokenFormValues,
  previous: TokenFormValues,
): Partial<TokenFormValues> {
  const implied: Partial<TokenFormValues> = {};
  if (values.remain_quota !== previous.remain_quota) implied.unlimited_quota = false;
  if (values.expired_time !== previous.expired_time) implied.never_expires = false;
  if (values.models.length > 0 && values.models.join('\n') !== previous.models.join('\n'))
    implied.limit_models = true;
  if (values.ip_whitelist.trim() !== '' && values.ip_whitelist !== previous.ip_whitelist)
    implied.limit_ips = true;
  if (values.heartbeat_timeout !== previous.heartbeat_timeout) implied.heartbeat_enabled = true;
  // A backup group equal to the primary would never be used: choosing it (either way round) clears it.
  if (values.backup_group !== '' && values.backup_group === values.group) implied.backup_group = '';
  return implied;
}

/** A row from the admin search (every owner's tokens) carries its owner's name; edits go through /admin. */
const fromAdminSearch = (token: Token) => token.owner_name !== undefined;

export const TOKEN_FORM: FormDef<Token, TokenFormValues, TokenCreateInput> = {
  fields: [
    { name: 'name', kind: 'text', labelKey: 'tokens.fields.name', required: true },
    { name: 'never_expires', kind: 'switch', labelKey: 'tokens.fields.never_expires' },
    {
      name: 'expired_time',
      kind: 'datetime',
      labelKey: 'tokens.fields.expired_time',
      visible: (values) => !values.never_expires,
    },
    { name: 'unlimited_quota', kind: 'switch', labelKey: 'tokens.fields.unlimited_quota' },
    {
      name: 'remain_quota',
      kind: 'quota',
      labelKey: 'tokens.fields.quota',
      helpKey: 'tokens.quota_note',
      visible: (values) => !values.unlimited_quota,
    },
    {
      name: 'group',
      kind: 'select',
      labelKey: 'tokens.fields.group',
      options: [{ value: '', labelKey: 'tokens.follow_user_group' }],
      optionSource: 'group_choices',
    },
    {
      name: 'backup_group',
      kind: 'select',
      labelKey: 'tokens.fields.backup_group',
      options: [{ value: '', labelKey: 'token_screen.no_backup_group' }],
      optionSource: 'group_choices',
    },
    { name: 'heartbeat_enabled', kind: 'switch', labelKey: 'tokens.fields.heartbeat_enabled' },
    {
      name: 'heartbeat_timeout',
      kind: 'int',
      labelKey: 'tokens.fields.heartbeat_timeout',
      visible: (values) => values.heartbeat_enabled,
    },
    { name: 'limit_models', kind: 'switch', labelKey: 'tokens.fields.limit_models' },
    {
      name: 'models',
      kind: 'multi-select',
      labelKey: 'tokens.fields.models',
      optionSource: 'available_models',
      freeText: true,
      visible: (values) => values.limit_models,
    },
    { name: 'limit_ips', kind: 'switch', labelKey: 'tokens.fields.limit_ips' },
    {
      name: 'ip_whitelist',
      kind: 'textarea',
      labelKey: 'tokens.fields.ip_whitelist',
      visible: (values) => values.limit_ips,
    },
  ],
  schema: tokenFormSchema,
  empty: emptyTokenForm,
  fromRow: tokenFormFromRow,
  changed: tokenFormChanged,
  toInput: (values) => tokenInputFromForm(values),
  create: (client, input) => createToken(client, input),
  update: (client, input, row) =>
    fromAdminSearch(row)
      ? updateTokenAdmin(client, { ...input, id: row.id })
      : updateToken(client, { ...input, id: row.id }),
  createTitleKey: 'tokens.create',
  editTitleKey: 'tokens.edit',
  createdKey: 'tokens.created',
  updatedKey: 'tokens.updated',
  // The new key, shown with copy and "write to a file"; its owner can copy it from the list at any time
  // (tokens.key_reuse, the one sentence every face says about it).
  afterCreate: {
    kind: 'list',
    titleKey: 'tokens.created',
    helpKey: 'tokens.key_reuse',
    items: (created) => [tokenKeyForDisplay((created as Token).key)],
    fileName: (values) => `token-${values.name}`,
  },
};

const setStatus = (client: ApiClient, token: Token, status: 1 | 2) =>
  fromAdminSearch(token)
    ? setTokenStatusAdmin(client, token.id, status)
    : setTokenStatus(client, token.id, status);

const statusAction = (on: boolean): ActionDef<Token> => ({
  id: on ? 'enable' : 'disable',
  labelKey: on ? 'common.enable' : 'common.disable',
  icon: on ? 'play' : 'pause',
  run: async (client, tokens) => {
    for (const token of tokens)
      await setStatus(client, token, on ? TOKEN_STATUS.enabled : TOKEN_STATUS.disabled);
  },
  doneKey: on ? 'tokens.enabled_toast' : 'tokens.disabled_toast',
});

/** A user or token id in the query is the admin search across owners (§2); otherwise one's own list. */
export function tokenListView(query: ScreenQuery): ListView {
  return Number(query.user_id ?? 0) > 0 || Number(query.token_id ?? 0) > 0 ? 'admin-search' : 'own';
}

/** The caller's tokens (admins may search every owner's by user or token id). */
export const TOKEN_SCREEN: ScreenDef<Token, TokenFormValues, TokenCreateInput> = {
  id: 'token',
  titleKey: 'tokens.title',
  entity: 'tokens',
  rowKey: (token) => token.id,
  rowName: (token) => token.name,
  columns: TOKEN_COLUMNS,
  listView: tokenListView,
  list: (client, query) => {
    const base = {
      page: query.page,
      size: query.size,
      order: query.order,
      keyword: query.keyword === undefined ? undefined : String(query.keyword),
    };
    const userId = Number(query.user_id ?? 0);
    const tokenId = Number(query.token_id ?? 0);
    return tokenListView(query) === 'admin-search'
      ? searchTokensAdmin(client, { ...base, user_id: userId || undefined, token_id: tokenId || undefined })
      : listTokens(client, base);
  },
  filters: [
    {
      name: 'keyword',
      kind: 'keyword',
      labelKey: 'common.search',
      placeholderKey: 'tokens.search_placeholder',
    },
    { name: 'user_id', kind: 'int', labelKey: 'token_screen.owner_id', adminOnly: true, adminSearch: true },
    { name: 'token_id', kind: 'int', labelKey: 'token_screen.token_id', adminOnly: true, adminSearch: true },
  ],
  defaultOrder: '-id',
  pageSizeKey: 'token',
  status: {
    column: 'status',
    onKey: 'tokens.enabled_toast',
    offKey: 'tokens.disabled_toast',
    isOn: (token) => token.status === TOKEN_STATUS.enabled,
    set: (client, token, on) => setStatus(client, token, on ? TOKEN_STATUS.enabled : TOKEN_STATUS.disabled),
    // An expired or spent token needs an edit first: say why before the server refuses.
    refusal: (token, on) => (on ? tokenEnableRefusal(token, nowSeconds()) : undefined),
  },
  rowActions: [
    {
      id: 'copy',
      labelKey: 'tokens.copy_key',
      icon: 'duplicate',
      inline: true,
      result: 'copy',
      run: async (_client, [token]) => tokenKeyForDisplay((token as Token).key),
    },
    deleteAction<Token>('tokens.delete_confirm', 'tokens.deleted', (client, token) =>
      deleteToken(client, token.id),
    ),
  ],
  batchActions: [
    statusAction(true),
    statusAction(false),
    {
      ...deleteAction<Token>('token_screen.delete_many_confirm', 'tokens.deleted', (client, token) =>
        deleteToken(client, token.id),
      ),
      id: 'batch_delete',
    },
  ],
  form: TOKEN_FORM,
  editable: true,
};
