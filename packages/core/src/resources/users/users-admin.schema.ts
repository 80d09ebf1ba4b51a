import { z } from 'zod';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './users.schema.js';

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
