import { z } from 'zod';
import { utf8Length } from '../../validation/trim.js';
import { isIpOrCidr } from '../../validation/network.js';

/** Token statuses (contract §4.2). */
export const TOKEN_STATUS = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;
export type TokenStatus = (typeof TOKEN_STATUS)[keyof typeof TOKEN_STATUS];
/** `expired_time` of a token that never expires. */
export const TOKEN_NEVER_EXPIRES = -1;
export const TOKEN_NAME_MAX_BYTES = 30;
export const TOKEN_HEARTBEAT_MIN_SECONDS = 30;
export const TOKEN_HEARTBEAT_MAX_SECONDS = 90;
/** The name of the token the playground uses (auto-created, unlimited, never expires). */
export const PLAYGROUND_TOKEN_NAME = 'sys_playground';
/** Fields a token list may be sorted by (contract §1.6). */
export const TOKEN_SORT_FIELDS = [
  'id',
  'name',
  'status',
  'expired_time',
  'created_time',
  'remain_quota',
  'used_quota',
] as const;
/** The largest quota a form accepts: the largest integer a JSON number keeps exactly. */
export const MAX_QUOTA = Number.MAX_SAFE_INTEGER;

const stringList = z
  .array(z.string())
  .nullable()
  .optional()
  .transform((list) => list ?? []);

/** A token's settings as they arrive on the wire (tolerant of one-hub's nulls and missing parts). */
export const tokenSettingSchema = z.looseObject({
  heartbeat: z
    .looseObject({ enabled: z.boolean().default(false), timeout_seconds: z.number().int().default(30) })
    .default({ enabled: false, timeout_seconds: 30 }),
  limits: z
    .looseObject({
      limit_model_setting: z
        .looseObject({ enabled: z.boolean().default(false), models: stringList })
        .default({ enabled: false, models: [] }),
      limits_ip_setting: z
        .looseObject({ enabled: z.boolean().default(false), whitelist: stringList })
        .default({ enabled: false, whitelist: [] }),
    })
    .default({
      limit_model_setting: { enabled: false, models: [] },
      limits_ip_setting: { enabled: false, whitelist: [] },
    }),
  billing_tag: z.string().optional(),
});
export type TokenSetting = z.output<typeof tokenSettingSchema>;

/** An API token as the API returns it (contract §2.2); `key` comes without the `sk-` prefix. */
export const tokenSchema = z.looseObject({
  id: z.number().int(),
  user_id: z.number().int().default(0),
  key: z.string().default(''),
  status: z.number().int(),
  name: z.string(),
  created_time: z.number().int().default(0),
  accessed_time: z.number().int().default(0),
  expired_time: z.number().int().default(TOKEN_NEVER_EXPIRES),
  remain_quota: z.number().int().default(0),
  unlimited_quota: z.boolean().default(false),
  used_quota: z.number().int().default(0),
  group: z.string().default(''),
  backup_group: z.string().default(''),
  setting: z.preprocess((value) => value ?? {}, tokenSettingSchema),
  owner_name: z.string().optional(),
});
export type Token = z.output<typeof tokenSchema>;

const quotaInput = z
  .number({ message: 'validation.integer' })
  .int('validation.integer')
  .min(0, 'validation.min_zero')
  .max(MAX_QUOTA, 'validation.too_large');

/** Settings a client may send; heartbeat timeout and whitelist entries are checked. */
export const tokenSettingInputSchema = z
  .object({
    heartbeat: z
      .object({
        enabled: z.boolean().default(false),
        timeout_seconds: z.number({ message: 'validation.integer' }).int('validation.integer').default(30),
      })
      .default({ enabled: false, timeout_seconds: 30 }),
    limits: z
      .object({
        limit_model_setting: z
          .object({
            enabled: z.boolean().default(false),
            models: stringList.pipe(
              z.array(z.string().min(1, 'validation.required').max(128, 'validation.too_long')),
            ),
          })
          .default({ enabled: false, models: [] }),
        limits_ip_setting: z
          .object({
            enabled: z.boolean().default(false),
            whitelist: stringList.pipe(
              z.array(z.string().refine(isIpOrCidr, { message: 'validation.token.ip_invalid' })),
            ),
          })
          .default({ enabled: false, whitelist: [] }),
      })
      .default({
        limit_model_setting: { enabled: false, models: [] },
        limits_ip_setting: { enabled: false, whitelist: [] },
      }),
    billing_tag: z.string().max(64, 'validation.too_long').optional(),
  })
  .superRefine((setting, ctx) => {
    const { enabled, timeout_seconds } = setting.heartbeat;
    if (
      enabled &&
      (timeout_seconds < TOKEN_HEARTBEAT_MIN_SECONDS || timeout_seconds > TOKEN_HEARTBEAT_MAX_SECONDS)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['heartbeat', 'timeout_seconds'],
        message: 'validation.token.heartbeat_range',
        params: { min: TOKEN_HEARTBEAT_MIN_SECONDS, max: TOKEN_HEARTBEAT_MAX_SECONDS },
      });
    }
  });
export type TokenSettingInput = z.input<typeof tokenSettingInputSchema>;

const groupSymbol = z.string().max(64, 'validation.too_long').default('');

/** The fields of a token a client writes (create and full edit). */
export const tokenFieldsSchema = z.object({
  name: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .refine((name) => utf8Length(name) <= TOKEN_NAME_MAX_BYTES, {
      message: 'validation.token.name_too_long',
      params: { max: TOKEN_NAME_MAX_BYTES },
    }),
  remain_quota: quotaInput.default(0),
  unlimited_quota: z.boolean().default(false),
  expired_time: z
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(-1, 'validation.token.expiry_invalid')
    .max(253402300799, 'validation.token.expiry_invalid')
    .default(TOKEN_NEVER_EXPIRES)
    .transform((value) => (value === 0 ? TOKEN_NEVER_EXPIRES : value)),
  group: groupSymbol,
  backup_group: groupSymbol,
  setting: tokenSettingInputSchema.default({
    heartbeat: { enabled: false, timeout_seconds: 30 },
    limits: {
      limit_model_setting: { enabled: false, models: [] },
      limits_ip_setting: { enabled: false, whitelist: [] },
    },
  }),
});

/** `POST /api/token/` body. */
export const tokenCreateSchema = tokenFieldsSchema;
export type TokenCreateInput = z.input<typeof tokenCreateSchema>;
export type TokenCreate = z.output<typeof tokenCreateSchema>;

const tokenId = z
  .number({ message: 'validation.required' })
  .int('validation.integer')
  .min(1, 'validation.min');

/** `PUT /api/token/` body (full edit). */
export const tokenUpdateSchema = tokenFieldsSchema.extend({ id: tokenId });
export type TokenUpdateInput = z.input<typeof tokenUpdateSchema>;
export type TokenUpdate = z.output<typeof tokenUpdateSchema>;

/** `PUT /api/token/?status_only=1` body: a user may only enable or disable. */
export const tokenStatusUpdateSchema = z.object({
  id: tokenId,
  status: z.union([z.literal(TOKEN_STATUS.enabled), z.literal(TOKEN_STATUS.disabled)], {
    message: 'validation.token.status_invalid',
  }),
});
export type TokenStatusUpdate = z.output<typeof tokenStatusUpdateSchema>;

/** The `sk-` form of a key that clients show and copy. */
export function tokenKeyForDisplay(key: string): string {
  return key.startsWith('sk-') ? key : `sk-${key}`;
}

/** A masked key (`sk-…abcd`) for tables and logs. */
export function maskTokenKey(key: string): string {
  return key.length <= 4 ? 'sk-…' : `sk-…${key.slice(-4)}`;
}

/** The i18n key of a token status. */
export function tokenStatusKey(status: number): string {
  switch (status) {
    case TOKEN_STATUS.enabled:
      return 'tokens.status.enabled';
    case TOKEN_STATUS.disabled:
      return 'tokens.status.disabled';
    case TOKEN_STATUS.expired:
      return 'tokens.status.expired';
    case TOKEN_STATUS.exhausted:
      return 'tokens.status.exhausted';
    default:
      return 'tokens.status.unknown';
  }
}

/**
 * Whether a token may be enabled (contract §1.6): not when it is expired and past its expiry, nor
 * when it is exhausted with no quota left and not unlimited. Returns the i18n key of the refusal.
 */
export function tokenEnableRefusal(token: Token, now: number): string | undefined {
  if (
    token.status === TOKEN_STATUS.expired &&
    token.expired_time !== TOKEN_NEVER_EXPIRES &&
    token.expired_time <= now
  ) {
    return 'tokens.errors.enable_expired';
  }
  if (token.status === TOKEN_STATUS.exhausted && token.remain_quota <= 0 && !token.unlimited_quota) {
    return 'tokens.errors.enable_exhausted';
  }
  return undefined;
}
