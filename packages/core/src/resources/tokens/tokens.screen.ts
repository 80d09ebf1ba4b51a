// The token screen (console-screens §2) described once: its list, status switch, delete and the
// create/edit form with the defaults every face starts from (unlimited quota, never expires, §2.1).
import { z } from 'zod';
import { nowSeconds } from '../../format/time.js';
import { deleteAction, type FormDef, pagedKeywordQuery, type ScreenDef } from '../../screens/screen-model.js';
import { createToken, deleteToken, listTokens, setTokenStatus, updateToken } from './tokens.api.js';
import { TOKEN_COLUMNS } from './tokens.fields.js';
import {
  TOKEN_NEVER_EXPIRES,
  TOKEN_STATUS,
  type Token,
  type TokenCreateInput,
  tokenEnableRefusal,
  tokenFieldsSchema,
  tokenSettingInputSchema,
  type TokenUpdateInput,
} from './tokens.schema.js';

/** What the token form holds: switches beside the values they govern, lists as lists. */
export interface TokenFormValues {
  name: string;
  unlimited_quota: boolean;
  /** Points. */
  remain_quota: number;
  never_expires: boolean;
  /** Unix seconds; kept (and ignored) while never_expires is on. */
  expired_time: number;
  group: string;
  backup_group: string;
  limit_models: boolean;
  models: string[];
  limit_ips: boolean;
  ip_whitelist: string[];
  heartbeat: boolean;
  heartbeat_timeout: number;
}

const ONE_MONTH_SECONDS = 30 * 24 * 3600;

/** A new token: unlimited quota, never expires, no limits (console-screens §2.1) — in every face. */
export function emptyTokenForm(now: number = nowSeconds()): TokenFormValues {
  return {
    name: '',
    unlimited_quota: true,
    remain_quota: 0,
    never_expires: true,
    expired_time: now + ONE_MONTH_SECONDS,
    group: '',
    backup_group: '',
    limit_models: false,
    models: [],
    limit_ips: false,
    ip_whitelist: [],
    heartbeat: false,
    heartbeat_timeout: 30,
  };
}

/** The form's values of a stored token. */
export function tokenFormFromRow(token: Token, now: number = nowSeconds()): TokenFormValues {
  const never = token.expired_time === TOKEN_NEVER_EXPIRES;
  const { heartbeat, limits } = token.setting;
  return {
    name: token.name,
    unlimited_quota: token.unlimited_quota,
    remain_quota: token.remain_quota,
    never_expires: never,
    expired_time: never ? now + ONE_MONTH_SECONDS : token.expired_time,
    group: token.group,
    backup_group: token.backup_group,
    limit_models: limits.limit_model_setting.enabled,
    models: [...limits.limit_model_setting.models],
    limit_ips: limits.limits_ip_setting.enabled,
    ip_whitelist: [...limits.limits_ip_setting.whitelist],
    heartbeat: heartbeat.enabled,
    heartbeat_timeout: heartbeat.timeout_seconds,
  };
}

/**
 * Typing a value implies the switch that governs it: a quota makes the token limited, an expiry
 * time makes it expire, a model list or whitelist turns that limit on.
 */
export function tokenFormChanged(
  values: TokenFormValues,
  previous: TokenFormValues,
): Partial<TokenFormValues> {
  const implied: Partial<TokenFormValues> = {};
  if (values.remain_quota !== previous.remain_quota) implied.unlimited_quota = false;
  if (values.expired_time !== previous.expired_time) implied.never_expires = false;
  if (values.models.join('\n') !== previous.models.join('\n'))
    implied.limit_models = values.models.length > 0;
  if (values.ip_whitelist.join('\n') !== previous.ip_whitelist.join('\n')) {
    implied.limit_ips = values.ip_whitelist.length > 0;
  }
  if (values.heartbeat_timeout !== previous.heartbeat_timeout) implied.heartbeat = true;
  return implied;
}

/** The create or update body of checked values (`row` when editing). */
export function tokenInputFromForm(values: TokenFormValues, row: Token | undefined): TokenCreateInput {
  return {
    ...(row ? { id: row.id } : {}),
    name: values.name.trim(),
    remain_quota: values.remain_quota,
    unlimited_quota: values.unlimited_quota,
    expired_time: values.never_expires ? TOKEN_NEVER_EXPIRES : values.expired_time,
    group: values.group.trim(),
    backup_group: values.backup_group.trim(),
    setting: {
      ...(row?.setting.billing_tag === undefined ? {} : { billing_tag: row.setting.billing_tag }),
      heartbeat: { enabled: values.heartbeat, timeout_seconds: values.heartbeat_timeout },
      limits: {
        limit_model_setting: {
          enabled: values.limit_models,
          models: values.limit_models ? values.models : [],
        },
        limits_ip_setting: {
          enabled: values.limit_ips,
          whitelist: values.limit_ips ? values.ip_whitelist : [],
        },
      },
    },
  };
}

const fields = tokenFieldsSchema.shape;
const settings = tokenSettingInputSchema;

/** The form's checks: the wire schema's rules, and an expiry in the future unless it never expires. */
export const tokenFormSchema: z.ZodType<TokenFormValues> = z
  .object({
    name: fields.name,
    unlimited_quota: z.boolean(),
    remain_quota: fields.remain_quota.unwrap(),
    never_expires: z.boolean(),
    expired_time: z
      .number({ message: 'validation.token.expiry_invalid' })
      .int('validation.token.expiry_invalid'),
    group: z.string().max(64, 'validation.too_long'),
    backup_group: z.string().max(64, 'validation.too_long'),
    limit_models: z.boolean(),
    models: z.array(z.string().min(1, 'validation.required').max(128, 'validation.too_long')),
    limit_ips: z.boolean(),
    ip_whitelist: z.array(z.string()),
    heartbeat: z.boolean(),
    heartbeat_timeout: z.number({ message: 'validation.integer' }).int('validation.integer'),
  })
  .superRefine((values, ctx) => {
    if (!values.never_expires && values.expired_time <= nowSeconds()) {
      ctx.addIssue({ code: 'custom', path: ['expired_time'], message: 'validation.token.expiry_past' });
    }
    // The settings' own rules (heartbeat range, IP syntax), reported under the form's field names.
    const checked = settings.safeParse(tokenInputFromForm(values, undefined).setting);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = issue.path.includes('heartbeat') ? 'heartbeat_timeout' : 'ip_whitelist';
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: issue.message,
        params: (issue as { params?: Record<string, unknown> }).params,
      });
    }
  });

export const TOKEN_FORM: FormDef<Token, TokenFormValues, TokenCreateInput> = {
  fields: [
    { name: 'name', kind: 'text', labelKey: 'tokens.fields.name', required: true },
    { name: 'unlimited_quota', kind: 'switch', labelKey: 'tokens.fields.unlimited_quota' },
    {
      name: 'remain_quota',
      kind: 'quota',
      labelKey: 'tokens.fields.quota',
      helpKey: 'tokens.quota_note',
      visible: (values) => !values.unlimited_quota,
    },
    { name: 'never_expires', kind: 'switch', labelKey: 'tokens.fields.never_expires' },
    {
      name: 'expired_time',
      kind: 'datetime',
      labelKey: 'tokens.fields.expired_time',
      visible: (values) => !values.never_expires,
    },
    { name: 'group', kind: 'select', labelKey: 'tokens.fields.group', optionSource: 'user_groups' },
    {
      name: 'backup_group',
      kind: 'select',
      labelKey: 'tokens.fields.backup_group',
      optionSource: 'user_groups',
    },
    { name: 'limit_models', kind: 'switch', labelKey: 'tokens.fields.limit_models' },
    {
      name: 'models',
      kind: 'list',
      labelKey: 'tokens.fields.models',
      optionSource: 'models',
      freeText: true,
      visible: (values) => values.limit_models,
    },
    { name: 'limit_ips', kind: 'switch', labelKey: 'tokens.fields.limit_ips' },
    {
      name: 'ip_whitelist',
      kind: 'list',
      labelKey: 'tokens.fields.ip_whitelist',
      visible: (values) => values.limit_ips,
    },
    { name: 'heartbeat', kind: 'switch', labelKey: 'tokens.fields.heartbeat_enabled' },
    {
      name: 'heartbeat_timeout',
      kind: 'int',
      labelKey: 'tokens.fields.heartbeat_timeout',
      visible: (values) => values.heartbeat,
    },
  ],
  schema: tokenFormSchema,
  empty: () => emptyTokenForm(),
  fromRow: (token) => tokenFormFromRow(token),
  changed: tokenFormChanged,
  toInput: tokenInputFromForm,
  create: (client, input) => createToken(client, input),
  update: (client, input) => updateToken(client, input as TokenUpdateInput),
  createTitleKey: 'tokens.create',
  editTitleKey: 'tokens.edit',
  updatedKey: 'tokens.updated',
};

export const TOKEN_SCREEN: ScreenDef<Token, TokenFormValues, TokenCreateInput> = {
  id: 'token',
  titleKey: 'tokens.title',
  entity: 'tokens',
  rowKey: (token) => token.id,
  rowName: (token) => token.name,
  columns: TOKEN_COLUMNS,
  list: (client, query) => listTokens(client, pagedKeywordQuery(query)),
  filters: [
    {
      name: 'keyword',
      kind: 'keyword',
      labelKey: 'common.search',
      placeholderKey: 'tokens.search_placeholder',
    },
  ],
  defaultOrder: '-id',
  pageSizeKey: 'token',
  status: {
    column: 'status',
    onKey: 'tokens.enabled_toast',
    offKey: 'tokens.disabled_toast',
    isOn: (token) => token.status === TOKEN_STATUS.enabled,
    set: (client, token, on) =>
      setTokenStatus(client, token.id, on ? TOKEN_STATUS.enabled : TOKEN_STATUS.disabled),
    // An expired or spent token needs an edit first: say why before the server refuses.
    refusal: (token, on) => (on ? tokenEnableRefusal(token, nowSeconds()) : undefined),
  },
  rowActions: [
    deleteAction<Token>('tokens.delete_confirm', 'tokens.deleted', (client, token) =>
      deleteToken(client, token.id),
    ),
  ],
  form: TOKEN_FORM,
  editable: true,
};
