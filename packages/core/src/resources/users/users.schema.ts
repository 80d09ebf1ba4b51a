import { z } from 'zod';

/** User statuses (contract §4.2). */
export const USER_STATUS = { enabled: 1, disabled: 2 } as const;
export const USERNAME_MAX = 12;
export const DISPLAY_NAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** A user as the API returns it (contract §2.1); `password` is always empty. */
export const userSchema = z.looseObject({
  id: z.number().int(),
  username: z.string(),
  display_name: z.string().default(''),
  role: z.number().int(),
  status: z.number().int().default(USER_STATUS.enabled),
  email: z.string().default(''),
  avatar_url: z.string().default(''),
  oidc_id: z.string().default(''),
  github_id: z.string().default(''),
  github_id_new: z.number().int().default(0),
  wechat_id: z.string().default(''),
  telegram_id: z.number().int().default(0),
  lark_id: z.string().default(''),
  access_token: z.string().default(''),
  quota: z.number().int().default(0),
  used_quota: z.number().int().default(0),
  request_count: z.number().int().default(0),
  group: z.string().default('default'),
  aff_code: z.string().default(''),
  aff_count: z.number().int().default(0),
  aff_quota: z.number().int().default(0),
  aff_history_quota: z.number().int().default(0),
  inviter_id: z.number().int().default(0),
  created_time: z.number().int().default(0),
  last_login_time: z.number().int().default(0),
  last_login_ip: z.string().default(''),
});
export type User = z.output<typeof userSchema>;

/** `POST /api/user/login` body: username (or e-mail) and password, both required, ≤255. */
export const loginSchema = z.object({
  username: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(255, 'validation.too_long'),
  password: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(255, 'validation.too_long'),
});
export type LoginInput = z.input<typeof loginSchema>;

/** `PUT /api/user/self` body: display name ≤20 and, when not empty, a password of 8–20 characters. */
export const selfUpdateSchema = z.object({
  display_name: z.string().max(DISPLAY_NAME_MAX, 'validation.too_long').optional(),
  password: z
    .string()
    .default('')
    .refine(
      (password) => password === '' || (password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX),
      {
        message: 'validation.user.password_length',
        params: { min: PASSWORD_MIN, max: PASSWORD_MAX },
      },
    ),
});
export type SelfUpdateInput = z.input<typeof selfUpdateSchema>;

/** The user kept in client storage after sign-in (spec §3: role, avatar_url, username). */
export const storedUserSchema = z.looseObject({
  id: z.number().int().default(0),
  username: z.string(),
  display_name: z.string().default(''),
  role: z.number().int(),
  avatar_url: z.string().default(''),
});
export type StoredUser = z.output<typeof storedUserSchema>;
