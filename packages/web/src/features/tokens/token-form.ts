import {
  parseTimestamp,
  type Token,
  type TokenCreate,
  TOKEN_NEVER_EXPIRES,
  tokenCreateSchema,
  tokenUpdateSchema,
  trimStrings,
  type Translate,
} from '@gw/core';
import { localInputOf } from '../../kit/local-time';
import { type FieldMessages, messagesFromZod } from '../../lib/form-errors';

/** The token dialog's fields as the inputs hold them (text stays text until submit). */
export interface TokenFormState {
  name: string;
  neverExpires: boolean;
  /** `YYYY-MM-DDTHH:mm`, the value of a datetime-local input. */
  expiresAt: string;
  unlimitedQuota: boolean;
  quota: string;
  heartbeatEnabled: boolean;
  heartbeatTimeout: string;
  limitModels: boolean;
  /** One model per line (commas also separate). */
  models: string;
  limitIps: boolean;
  /** One IP or CIDR per line. */
  ipWhitelist: string;
  group: string;
  backupGroup: string;
}

/** Which form field shows a message for each wire field. */
const FIELD_OF_PATH: Array<[string, keyof TokenFormState]> = [
  ['name', 'name'],
  ['expired_time', 'expiresAt'],
  ['remain_quota', 'quota'],
  ['setting.heartbeat', 'heartbeatTimeout'],
  ['setting.limits.limit_model_setting', 'models'],
  ['setting.limits.limits_ip_setting', 'ipWhitelist'],
];

const LABELS: Record<string, string> = {
  name: 'tokens.fields.name',
  expired_time: 'tokens.fields.expired_time',
  remain_quota: 'tokens.fields.quota',
  'setting.heartbeat.timeout_seconds': 'tokens.fields.heartbeat_timeout',
  'setting.limits.limit_model_setting.models': 'tokens.fields.models',
  'setting.limits.limits_ip_setting.whitelist': 'tokens.fields.limit_ips',
};

const ONE_MONTH_SECONDS = 30 * 24 * 3600;

// The token's expiry as its date-and-time input shows it (the kit's one conversion).
const toLocalInput = localInputOf;

/** The fields of a new token: never expires, unlimited quota, no limits (console-screens §2.1). */
export function emptyTokenForm(now: number): TokenFormState {
  return {
    name: '',
    neverExpires: true,
    expiresAt: toLocalInput(now + ONE_MONTH_SECONDS),
    unlimitedQuota: true,
    quota: '0',
    heartbeatEnabled: false,
    heartbeatTimeout: '30',
    limitModels: false,
    models: '',
    limitIps: false,
    ipWhitelist: '',
    group: '',
    backupGroup: '',
  };
}

/** The fields of an existing token. */
export function tokenToForm(token: Token, now: number): TokenFormState {
  const never = token.expired_time === TOKEN_NEVER_EXPIRES;
  const { heartbeat, limits } = token.setting;
  return {
    name: token.name,
    neverExpires: never,
    expiresAt: toLocalInput(never ? now + ONE_MONTH_SECONDS : token.expired_time),
    unlimitedQuota: token.unlimited_quota,
    quota: String(token.remain_quota),
    heartbeatEnabled: heartbeat.enabled,
    heartbeatTimeout: String(heartbeat.timeout_seconds),
    limitModels: limits.limit_model_setting.enabled,
    models: limits.limit_model_setting.models.join('\n'),
    limitIps: limits.limits_ip_setting.enabled,
    ipWhitelist: limits.limits_ip_setting.whitelist.join('\n'),
    group: token.group,
    backupGroup: token.backup_group,
  };
}

function lines(text: string, separators: RegExp): string[] {
  return text
    .split(separators)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function numberOrNaN(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function finiteOrZero(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

/** Maps the form to the create body (blank lines dropped, strings trimmed). */
export function formToTokenBody(form: TokenFormState) {
  const expiresAt = parseTimestamp(form.expiresAt);
  return trimStrings({
    name: form.name,
    // An unreadable date is reported by validateTokenForm as 'invalid date', not as a type error.
    expired_time: form.neverExpires ? TOKEN_NEVER_EXPIRES : (expiresAt ?? TOKEN_NEVER_EXPIRES),
    unlimited_quota: form.unlimitedQuota,
    remain_quota: form.unlimitedQuota ? finiteOrZero(form.quota) : numberOrNaN(form.quota),
    group: form.group,
    backup_group: form.backupGroup,
    setting: {
      heartbeat: { enabled: form.heartbeatEnabled, timeout_seconds: numberOrNaN(form.heartbeatTimeout) },
      limits: {
        limit_model_setting: {
          enabled: form.limitModels,
          models: form.limitModels ? lines(form.models, /[\n,]/) : [],
        },
        limits_ip_setting: {
          enabled: form.limitIps,
          whitelist: form.limitIps ? lines(form.ipWhitelist, /\n/) : [],
        },
      },
    },
  });
}

export type TokenFormResult =
  | { ok: true; body: TokenCreate; id?: number }
  | { ok: false; errors: Partial<Record<keyof TokenFormState, string>> };

/** Checks the form with core's token schemas; an expiry must be a valid date in the future. */
export function validateTokenForm(
  form: TokenFormState,
  t: Translate,
  now: number,
  id?: number,
): TokenFormResult {
  const body = formToTokenBody(form);
  const schema = id === undefined ? tokenCreateSchema : tokenUpdateSchema;
  const parsed = schema.safeParse(id === undefined ? body : { ...body, id });
  const errors = parsed.success ? {} : formMessages(messagesFromZod(parsed.error, t, LABELS));
  if (!form.neverExpires && !errors.expiresAt) {
    const expiry = parseTimestamp(form.expiresAt);
    if (expiry === undefined) errors.expiresAt = t('validation.token.expiry_invalid');
    else if (expiry <= now) errors.expiresAt = t('validation.token.expiry_past');
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data, id };
}

/** Places wire-path messages (from zod or the server) under the form fields that caused them. */
export function formMessages(messages: FieldMessages): Partial<Record<keyof TokenFormState, string>> {
  const out: Partial<Record<keyof TokenFormState, string>> = {};
  for (const [path, message] of Object.entries(messages)) {
    const match = FIELD_OF_PATH.find(([prefix]) => path === prefix || path.startsWith(`${prefix}.`));
    const field = match ? match[1] : 'name';
    out[field] ??= message;
  }
  return out;
}
