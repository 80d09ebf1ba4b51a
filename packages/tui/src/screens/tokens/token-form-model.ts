import {
  nowSeconds,
  parseTimestamp,
  TOKEN_NEVER_EXPIRES,
  type TokenCreate,
  tokenCreateSchema,
  type Translate,
} from '@gw/core';
import { fieldMessages } from '../../lib/field-errors.js';

/** What the terminal's create form holds: text as typed, switches as booleans. */
export interface TokenFormValues {
  name: string;
  unlimited: boolean;
  quota: string;
  neverExpires: boolean;
  expiresAt: string;
}

export type TokenFormField = 'name' | 'unlimited' | 'quota' | 'never_expires' | 'expires_at';

/** The form's defaults: the web editor's (unlimited, never expires, quota 0). */
export const EMPTY_TOKEN_FORM: TokenFormValues = {
  name: '',
  unlimited: true,
  quota: '0',
  neverExpires: true,
  expiresAt: '',
};

/** The fields the cursor visits: quota only when limited, the expiry only when it can expire. */
export function tokenFormFields(values: TokenFormValues): TokenFormField[] {
  return [
    'name',
    'unlimited',
    ...(values.unlimited ? [] : (['quota'] as const)),
    'never_expires',
    ...(values.neverExpires ? [] : (['expires_at'] as const)),
  ];
}

/** The i18n key of each field's label. */
export const TOKEN_FORM_LABELS: Record<TokenFormField, string> = {
  name: 'tokens.fields.name',
  unlimited: 'tokens.fields.unlimited_quota',
  quota: 'tokens.fields.quota',
  never_expires: 'tokens.fields.never_expires',
  expires_at: 'tui.tokens.expires_at',
};

const WIRE_LABELS: Record<string, string> = {
  name: 'tokens.fields.name',
  remain_quota: 'tokens.fields.quota',
  unlimited_quota: 'tokens.fields.unlimited_quota',
  expired_time: 'tokens.fields.expired_time',
};

const WIRE_TO_FORM: Record<string, TokenFormField> = {
  name: 'name',
  remain_quota: 'quota',
  unlimited_quota: 'unlimited',
  expired_time: 'expires_at',
};

export type TokenFormResult =
  | { ok: true; input: TokenCreate }
  | { ok: false; errors: Partial<Record<TokenFormField, string>> };

/** Turns the form into a create request checked by core's `tokenCreateSchema`, or per-field messages. */
export function tokenFormInput(values: TokenFormValues, t: Translate, now = nowSeconds()): TokenFormResult {
  const errors: Partial<Record<TokenFormField, string>> = {};
  let expiredTime = TOKEN_NEVER_EXPIRES;
  if (!values.neverExpires) {
    const parsed = parseTimestamp(values.expiresAt);
    if (parsed === undefined) errors.expires_at = t('validation.token.expiry_invalid');
    else if (parsed <= now) errors.expires_at = t('validation.token.expiry_past');
    else expiredTime = parsed;
  }
  const quotaText = values.quota.trim();
  const result = tokenCreateSchema.safeParse({
    name: values.name.trim(),
    unlimited_quota: values.unlimited,
    remain_quota: values.unlimited ? 0 : quotaText === '' ? 0 : Number(quotaText),
    expired_time: expiredTime,
  });
  if (!result.success) {
    for (const [wire, message] of Object.entries(fieldMessages(result.error, t, WIRE_LABELS))) {
      const field = WIRE_TO_FORM[wire] ?? 'name';
      errors[field] ??= message;
    }
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: result.data };
}
