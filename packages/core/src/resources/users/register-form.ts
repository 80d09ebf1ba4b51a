// The sign-up, forgot-password and reset-link pages described once (console-screens §13.2–13.4): the
// fields, the password-strength meter, the captcha rule and the reset link's parameters. Every face
// renders these; the checks are registerFormSchema / emailQuerySchema / passwordResetSchema.
import type { FormFieldDef } from '../../screens/screen-model.js';
import { type PasswordResetInput, passwordResetSchema } from './users-register.schema.js';

/** What the registration form holds (all text, as typed). */
export interface RegisterFormValues {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
  aff_code: string;
}

/** A blank form; the invitation code comes from the link (`?aff=`) or the one saved from it. */
export function emptyRegisterForm(affCode = ''): RegisterFormValues {
  return { username: '', password: '', password2: '', email: '', verification_code: '', aff_code: affCode };
}

const withEmailVerification = (values: RegisterFormValues & { email_verification?: boolean }) =>
  values.email_verification === true;

/**
 * The form's fields in order (§13.2). The e-mail and code show only when the site verifies e-mail;
 * the face passes `email_verification` in the values it asks `visible` about.
 */
export const REGISTER_FORM_FIELDS: readonly FormFieldDef<
  RegisterFormValues & { email_verification?: boolean }
>[] = [
  { name: 'username', kind: 'text', labelKey: 'account.username', required: true },
  { name: 'password', kind: 'password', labelKey: 'auth.password', required: true },
  { name: 'password2', kind: 'password', labelKey: 'account.password_confirm', required: true },
  {
    name: 'email',
    kind: 'text',
    labelKey: 'account.email',
    required: true,
    visible: withEmailVerification,
  },
  {
    name: 'verification_code',
    kind: 'text',
    labelKey: 'account.verification_code',
    required: true,
    visible: withEmailVerification,
  },
  { name: 'aff_code', kind: 'text', labelKey: 'account.aff_code', helpKey: 'account.aff_code_help' },
];

/** The five steps of the strength meter, weakest first (§0.6). */
export const PASSWORD_STRENGTHS = ['poor', 'weak', 'normal', 'good', 'strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/** A password's strength: one point each for length > 5, length > 7, a digit, a symbol, mixed case. */
export function passwordStrength(password: string): { score: number; level: PasswordStrength } {
  const checks = [
    password.length > 5,
    password.length > 7,
    /[0-9]/.test(password),
    /[^A-Za-z0-9]/.test(password),
    /[a-z]/.test(password) && /[A-Z]/.test(password),
  ];
  const score = checks.filter(Boolean).length;
  // 0 and 1 point are both "poor", as in one-hub's meter.
  const level = PASSWORD_STRENGTHS[Math.max(0, score - 1)] ?? 'poor';
  return { score, level };
}

/**
 * Whether an action must wait for the captcha (spec §5): the site checks with Turnstile and the widget
 * has not produced a token yet. The face then says "Turnstile is checking, try again in a few seconds".
 */
export function turnstilePending(status: { turnstile_check: boolean } | undefined, token: string): boolean {
  return status?.turnstile_check === true && token === '';
}

/** Cloudflare's Turnstile widget script (loaded only when the site turns the check on). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The e-mail and token of a reset link (`/user/reset?email&token`), or undefined for a broken link (§13.4). */
export function resetLinkParams(query: { get(name: string): string | null }): PasswordResetInput | undefined {
  const parsed = passwordResetSchema.safeParse({
    email: query.get('email') ?? '',
    token: query.get('token') ?? '',
  });
  return parsed.success ? parsed.data : undefined;
}

/** Where the invitation code of a sign-up link is kept until the sign-up (spec §3 `aff`). */
export const AFF_STORAGE_KEY = 'aff';
