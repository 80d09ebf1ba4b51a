import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { LANGUAGES } from '../../i18n/languages.js';
import {
  bindingRows,
  emailBindSchema,
  PROFILE_FORM_FIELDS,
  profileFormSchema,
  selfUpdateFromProfile,
  passkeyBrowserErrorKey,
  shortCredentialId,
} from './profile.js';
import { userSchema } from './users.schema.js';

const messages = (values: unknown) => {
  const checked = profileFormSchema.safeParse(values);
  return checked.success
    ? {}
    : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('profile form (console-screens §23)', () => {
  it('accepts a new display name with the password left empty (kept)', () => {
    expect(messages({ display_name: 'Root', password: '', password_confirm: '' })).toEqual({});
  });

  it('asks for 8–20 characters when a password is typed, and a matching confirmation', () => {
    expect(messages({ display_name: '', password: 'short', password_confirm: 'short' })).toEqual({
      password: 'validation.user.password_length',
    });
    expect(
      messages({ display_name: '', password: 'x'.repeat(21), password_confirm: 'x'.repeat(21) }),
    ).toEqual({
      password: 'validation.user.password_length',
    });
    expect(
      messages({ display_name: '', password: 'long-enough-1', password_confirm: 'long-enough-2' }),
    ).toEqual({
      password_confirm: 'validation.user.password_mismatch',
    });
    expect(messages({ display_name: '', password: '', password_confirm: 'stray' })).toEqual({
      password_confirm: 'validation.user.password_mismatch',
    });
    expect(
      messages({ display_name: '', password: 'long-enough-1', password_confirm: 'long-enough-1' }),
    ).toEqual({});
  });

  it("refuses a display name over 20 characters (the server's rule)", () => {
    expect(messages({ display_name: 'n'.repeat(21), password: '', password_confirm: '' })).toEqual({
      display_name: 'validation.max_length',
    });
  });

  it('sends the display name and password, never the confirmation', () => {
    expect(selfUpdateFromProfile({ display_name: 'A', password: 'p', password_confirm: 'p' })).toEqual({
      display_name: 'A',
      password: 'p',
    });
  });
});

describe('e-mail binding form', () => {
  it('needs a valid address and a code', () => {
    expect(emailBindSchema.safeParse({ email: 'a@example.com', code: ' 1a2b3c ' }).data).toEqual({
      email: 'a@example.com',
      code: '1a2b3c',
    });
    expect(emailBindSchema.safeParse({ email: 'nope', code: 'x' }).success).toBe(false);
    expect(emailBindSchema.safeParse({ email: 'a@example.com', code: '  ' }).success).toBe(false);
  });
});

describe('binding rows', () => {
  const user = userSchema.parse({ id: 2, username: 'u', role: 1, email: 'u@example.com', github_id_new: 42 });
  const off = { wechat_login: false, github_oauth: false, lark_client_id: '', oidc_auth: false };

  it('shows only e-mail when the site enables no third party', () => {
    expect(bindingRows(user, off).map((row) => row.id)).toEqual(['email']);
    expect(bindingRows(user, off)[0]).toMatchObject({
      boundTo: 'u@example.com',
      canBind: true,
      canUnbind: false,
    });
  });

  it('adds each enabled provider; OIDC may only be unbound; unbind only when bound', () => {
    const rows = bindingRows(user, {
      wechat_login: true,
      github_oauth: true,
      lark_client_id: 'cli',
      oidc_auth: true,
    });
    expect(rows.map((row) => row.id)).toEqual(['email', 'wechat', 'github', 'lark', 'oidc']);
    expect(rows.find((row) => row.id === 'github')).toMatchObject({ boundTo: '42', canUnbind: true });
    expect(rows.find((row) => row.id === 'wechat')).toMatchObject({
      boundTo: '',
      canBind: true,
      canUnbind: false,
    });
    expect(rows.find((row) => row.id === 'oidc')).toMatchObject({ canBind: false, canUnbind: false });
  });
});

describe('passkeys and OAuth binding helpers', () => {
  it('shortens a long credential id to 20 characters', () => {
    expect(shortCredentialId('a'.repeat(20))).toBe('a'.repeat(20));
    expect(shortCredentialId('b'.repeat(30))).toBe(`${'b'.repeat(20)}…`);
  });
});

describe('profile and top-up strings', () => {
  it('names every key the two screens use in every language', () => {
    const keys = [
      ...PROFILE_FORM_FIELDS.flatMap((field) => [field.labelKey, field.helpKey ?? field.labelKey]),
      ...bindingRows(userSchema.parse({ id: 1, username: 'u', role: 1 }), {
        wechat_login: true,
        github_oauth: true,
        lark_client_id: 'x',
        oidc_auth: true,
      }).map((row) => row.labelKey),
      ...['gateway', 'amount_positive', 'amount_integer', 'amount_min', 'amount_max'].map(
        (name) => `payments.topup.errors.${name}`,
      ),
      'validation.user.password_mismatch',
      'validation.user.password_length',
    ];
    for (const language of LANGUAGES) {
      for (const key of keys) expect(translate(language, key), `${language} ${key}`).not.toBe(key);
    }
  });
});

describe('passkey browser errors', () => {
  const named = (name: string, cause?: Error) => {
    const error = new Error('x', cause ? { cause } : undefined);
    error.name = name;
    return error;
  };

  it('words the refusals a person can act on, by name or by the wrapped cause’s name', () => {
    expect(passkeyBrowserErrorKey(named('NotAllowedError'))).toBe('account.passkey.not_allowed');
    expect(passkeyBrowserErrorKey(named('NotSupportedError'))).toBe('account.passkey.not_supported');
    expect(passkeyBrowserErrorKey(named('InvalidStateError'))).toBe('account.passkey.invalid_state');
    expect(passkeyBrowserErrorKey(named('SecurityError'))).toBe('account.passkey.security');
    expect(passkeyBrowserErrorKey(named('WebAuthnError', named('NotAllowedError')))).toBe(
      'account.passkey.not_allowed',
    );
  });

  it('leaves anything else to the server-error wording', () => {
    expect(passkeyBrowserErrorKey(named('TypeError'))).toBeUndefined();
    expect(passkeyBrowserErrorKey('NotAllowedError')).toBeUndefined();
    expect(passkeyBrowserErrorKey(undefined)).toBeUndefined();
  });
});
