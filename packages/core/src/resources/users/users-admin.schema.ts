import { z } from 'zod';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './users.schema.js';
import { MAX_INT_COLUMN } from '../../validation/row-id.js';

/** Actions of `POST /api/user/manage` (contract §1.5). */
export const USER_MANAGE_ACTIONS = [
  'disable',
  'enable',
  'delete',
  'promote',
  'demote',
  'set_reliable',
] as const;
export type UserManageAction = (typeof USER_MANAGE_ACTIONS)[number];

const password = z
  .string({ message: 'validation.required' })
  .refine((value) => value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX, {
    message: 'validation.user.password_length',
    params: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  });

/** `POST /api/user/` body (admin): only username, password and display name are stored. */
export const userCreateSchema = z.object({
  username: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(USERNAME_MAX, 'validation.max_length'),
  password,
  display_name: z.string().max(DISPLAY_NAME_MAX, 'validation.max_length').optional(),
  role: z.number({ message: 'validation.integer' }).int('validation.integer').optional(),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** `POST /api/user/manage` body (admin). */
export const userManageSchema = z.object({
  username: z.string({ message: 'validation.required' }).min(1, 'validation.required'),
  action: z.enum(USER_MANAGE_ACTIONS, { message: 'validation.invalid_value' }),
});
export type UserManageInput = z.input<typeof userManageSchema>;

/** Fields `GET /api/user/` may sort by (contract §1.5). */
export const USER_SORT_FIELDS = [
  'id',
  'username',
  'role',
  'status',
  'created_time',
  'last_login_time',
  'last_login_ip',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** Roles an admin form may pick (contract §4.1); 0 in an update body means "keep". */
export const USER_ROLE_VALUES = [1, 3, 10, 100] as const;
export const EMAIL_MAX = 50;
export const GROUP_SYMBOL_MAX = 64;
/** The largest quota delta one change may carry (the BIGINT column holds safe integers only). */
export const QUOTA_DELTA_MAX = Number.MAX_SAFE_INTEGER;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Tells whether text looks like an e-mail address (`name@domain.tld`). */
export function isEmailAddress(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

/** An e-mail field: empty (none) or a valid address of at most 50 characters. */
export const optionalEmailSchema = z
  .string({ message: 'validation.invalid_type' })
  .max(EMAIL_MAX, 'validation.max_length')
  .refine((email) => email === '' || isEmailAddress(email), { message: 'users.validation.email_invalid' })
  .default('');

const positiveId = z
  .number({ message: 'validation.required' })
  .int('validation.integer')
  .min(1, 'validation.min')
  .max(MAX_INT_COLUMN, 'validation.max');

/**
 * `PUT /api/user/` body (admin): the full User object with `id`. Zero values (`""`, `0`) mean "keep";
 * quota, usage and invite counters are ignored (quota changes go through `POST /api/user/quota/:id`).
 */
export const userUpdateSchema = z.looseObject({
  id: positiveId,
  username: z
    .string({ message: 'validation.invalid_type' })
    .max(USERNAME_MAX, 'validation.max_length')
    .default(''),
  password: z
    .string({ message: 'validation.invalid_type' })
    .default('')
    .refine((value) => value === '' || (value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX), {
      message: 'validation.user.password_length',
      params: { min: PASSWORD_MIN, max: PASSWORD_MAX },
    }),
  display_name: z
    .string({ message: 'validation.invalid_type' })
    .max(DISPLAY_NAME_MAX, 'validation.max_length')
    .default(''),
  email: optionalEmailSchema,
  group: z
    .string({ message: 'validation.invalid_type' })
    .max(GROUP_SYMBOL_MAX, 'validation.max_length')
    .default(''),
  role: z
    .number({ message: 'validation.invalid_type' })
    .int('validation.integer')
    .refine((role) => role === 0 || (USER_ROLE_VALUES as readonly number[]).includes(role), {
      message: 'users.validation.role_invalid',
    })
    .default(0),
  status: z
    .number({ message: 'validation.invalid_type' })
    .int('validation.integer')
    .refine((status) => status === 0 || status === 1 || status === 2, {
      message: 'users.validation.status_invalid',
    })
    .default(0),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** `POST /api/user/quota/:id` body: a signed, non-zero whole number of points and an optional remark. */
export const userQuotaChangeSchema = z.object({
  quota: z
    .number({ message: 'validation.required' })
    .int('validation.integer')
    .refine((delta) => delta !== 0, { message: 'users.validation.quota_delta_zero' }),
  remark: z.string({ message: 'validation.invalid_type' }).max(255, 'validation.max_length').default(''),
});
export type UserQuotaChangeInput = z.input<typeof userQuotaChangeSchema>;

/**
 * The console's rule for a quota change (spec §5): not zero, and a deduction never larger than the
 * balance. Returns the i18n key of the refusal, or undefined when the change may be sent.
 */
export function quotaChangeRefusal(balance: number, delta: number): string | undefined {
  if (!Number.isSafeInteger(delta) || delta === 0) return 'users.validation.quota_delta_zero';
  if (balance + delta < 0) return 'users.errors.quota_below_zero';
  return undefined;
}
