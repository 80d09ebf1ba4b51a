import { z } from 'zod';
import { isEmailAddress, optionalEmailSchema } from './users-admin.schema.js';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './users.schema.js';

const username = z
  .string({ message: 'validation.required' })
  .min(1, 'validation.required')
  .max(USERNAME_MAX, 'validation.max_length');

const password = z
  .string({ message: 'validation.required' })
  .min(1, 'validation.required')
  .refine((value) => value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX, {
    message: 'validation.user.password_length',
    params: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  });

/** A required e-mail address (verification, password reset). */
export const requiredEmailSchema = z
  .string({ message: 'validation.required' })
  .min(1, 'validation.required')
  .max(50, 'validation.max_length')
  .refine(isEmailAddress, { message: 'users.validation.email_invalid' });

/**
 * `POST /api/user/register` body (contract §1.2): username ≤ 12, password 8–20; e-mail and code are
 * required only when the site turns e-mail verification on (the server checks that); `aff_code` is
 * the inviter's code.
 */
export const registerSchema = z.object({
  username,
  password,
  email: optionalEmailSchema,
  verification_code: z
    .string({ message: 'validation.invalid_type' })
    .max(32, 'validation.max_length')
    .default(''),
  aff_code: z.string({ message: 'validation.invalid_type' }).max(32, 'validation.max_length').default(''),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type Register = z.output<typeof registerSchema>;

/**
 * The registration form of every face (spec §5): the body plus the password confirmation, which must
 * match; with e-mail verification on, e-mail and code are required too.
 */
export function registerFormSchema(options: { emailVerification: boolean }) {
  return registerSchema
    .extend({ password2: z.string({ message: 'validation.required' }).min(1, 'validation.required') })
    .superRefine((form, ctx) => {
      if (form.password2 !== form.password) {
        ctx.addIssue({ code: 'custom', path: ['password2'], message: 'validation.user.password_mismatch' });
      }
      if (!options.emailVerification) return;
      if (!form.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.required' });
      if (!form.verification_code) {
        ctx.addIssue({ code: 'custom', path: ['verification_code'], message: 'validation.required' });
      }
    });
}
export type RegisterFormInput = z.input<ReturnType<typeof registerFormSchema>>;

/** The request body a filled registration form sends (the confirmation stays on the client). */
export function registerBodyFromForm(form: z.output<ReturnType<typeof registerFormSchema>>): Register {
  const { password2: _confirmation, ...body } = form;
  return body;
}

/** `GET /api/verification` and `GET /api/reset_password` query: the address, and a captcha token. */
export const emailQuerySchema = z.object({
  email: requiredEmailSchema,
  turnstile: z.string().default(''),
});
export type EmailQueryInput = z.input<typeof emailQuerySchema>;

/** `POST /api/user/reset` body: the address and the token of the reset link. */
export const passwordResetSchema = z.object({
  email: requiredEmailSchema,
  token: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(64, 'validation.max_length'),
});
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** Account bindings `POST /api/user/unbind` can clear (contract §4.6). */
export const UNBIND_TYPES = ['github', 'wechat', 'lark', 'oidc'] as const;
export type UnbindType = (typeof UNBIND_TYPES)[number];

/** `POST /api/user/unbind` body. */
export const unbindSchema = z.object({
  type: z.enum(UNBIND_TYPES, { message: 'validation.invalid_value' }),
});
