import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { LANGUAGES } from '../../i18n/languages.js';
import {
  emptyRegisterForm,
  PASSWORD_STRENGTHS,
  passwordStrength,
  REGISTER_FORM_FIELDS,
  resetLinkParams,
  turnstilePending,
} from './register-form.js';
import { registerBodyFromForm, registerFormSchema } from './users-register.schema.js';

const issues = (emailVerification: boolean, values: Record<string, string>) => {
  const checked = registerFormSchema({ emailVerification }).safeParse({ ...emptyRegisterForm(), ...values });
  return checked.success
    ? {}
    : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('registration form', () => {
  const good = { username: 'alice', password: 'password-1', password2: 'password-1' };

  it('refuses each broken field with its own message', () => {
    expect(issues(false, { ...good, username: '' })).toEqual({ username: 'validation.required' });
    expect(issues(false, { ...good, username: 'a'.repeat(13) })).toEqual({
      username: 'validation.max_length',
    });
    expect(issues(false, { ...good, password: 'short', password2: 'short' })).toEqual({
      password: 'validation.user.password_length',
    });
    expect(issues(false, { ...good, password: 'p'.repeat(21), password2: 'p'.repeat(21) })).toEqual({
      password: 'validation.user.password_length',
    });
    expect(issues(false, { ...good, password2: 'password-2' })).toEqual({
      password2: 'validation.user.password_mismatch',
    });
    expect(issues(false, { ...good, aff_code: 'x'.repeat(33) })).toEqual({
      aff_code: 'validation.max_length',
    });
    expect(issues(false, good)).toEqual({});
  });

  it('with e-mail verification on, needs a valid address and the code', () => {
    expect(issues(true, good)).toEqual({
      email: 'validation.required',
      verification_code: 'validation.required',
    });
    expect(issues(true, { ...good, email: 'not-an-address', verification_code: 'abc123' })).toEqual({
      email: 'users.validation.email_invalid',
    });
    expect(issues(true, { ...good, email: 'a@example.com', verification_code: 'abc123' })).toEqual({});
  });

  it('sends the body without the confirmation, and shows e-mail fields only when verification is on', () => {
    const parsed = registerFormSchema({ emailVerification: false }).parse({
      ...emptyRegisterForm('Ab12'),
      ...good,
    });
    expect(registerBodyFromForm(parsed)).toEqual({
      username: 'alice',
      password: 'password-1',
      email: '',
      verification_code: '',
      aff_code: 'Ab12',
    });
    const shown = (on: boolean) =>
      REGISTER_FORM_FIELDS.filter(
        (field) => field.visible?.({ ...emptyRegisterForm(), email_verification: on }) ?? true,
      ).map((field) => field.name);
    expect(shown(false)).toEqual(['username', 'password', 'password2', 'aff_code']);
    expect(shown(true)).toEqual([
      'username',
      'password',
      'password2',
      'email',
      'verification_code',
      'aff_code',
    ]);
  });

  it('rates passwords from poor to strong, one point per rule', () => {
    expect(passwordStrength('')).toEqual({ score: 0, level: 'poor' });
    expect(passwordStrength('abcdef')).toEqual({ score: 1, level: 'poor' });
    expect(passwordStrength('abcdefgh')).toEqual({ score: 2, level: 'weak' });
    expect(passwordStrength('abcdefg1')).toEqual({ score: 3, level: 'normal' });
    expect(passwordStrength('abcdef1!')).toEqual({ score: 4, level: 'good' });
    expect(passwordStrength('Abcdef1!')).toEqual({ score: 5, level: 'strong' });
  });

  it('waits for Turnstile only when the site checks and no token came yet', () => {
    expect(turnstilePending(undefined, '')).toBe(false);
    expect(turnstilePending({ turnstile_check: false }, '')).toBe(false);
    expect(turnstilePending({ turnstile_check: true }, '')).toBe(true);
    expect(turnstilePending({ turnstile_check: true }, 'token')).toBe(false);
  });

  it('reads a reset link, and calls a link without e-mail or token broken', () => {
    const link = (query: string) => resetLinkParams(new URLSearchParams(query));
    expect(link('email=a%40example.com&token=abc')).toEqual({ email: 'a@example.com', token: 'abc' });
    expect(link('token=abc')).toBeUndefined();
    expect(link('email=a%40example.com')).toBeUndefined();
    expect(link('email=nope&token=abc')).toBeUndefined();
  });

  it('names every field and strength in every language', () => {
    const keys = [
      ...REGISTER_FORM_FIELDS.flatMap((field) => [field.labelKey, field.helpKey ?? field.labelKey]),
      ...PASSWORD_STRENGTHS.map((level) => `account.strength_levels.${level}`),
    ];
    for (const language of LANGUAGES) {
      for (const key of keys) expect(translate(language, key), `${language} ${key}`).not.toBe(key);
    }
  });
});
