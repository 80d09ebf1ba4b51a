import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA_DISPLAY } from '../../format/quota.js';
import { translate } from '../../i18n/i18n.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { tokenAdminSearchQuerySchema } from '../tokens/tokens-admin.js';
import {
  isEmailAddress,
  quotaChangeRefusal,
  userQuotaChangeSchema,
  userUpdateSchema,
} from './users-admin.schema.js';
import { registerBodyFromForm, registerFormSchema, registerSchema } from './users-register.schema.js';
import { USER_COLUMNS, userBindingKeys } from './users.fields.js';
import { userSchema } from './users.schema.js';

const fieldsOf = (result: { success: boolean; error?: unknown }) =>
  result.success
    ? []
    : fieldErrorsFromZod(result.error as never).map((error) => `${error.field}:${error.key}`);

describe('registration form (spec §5)', () => {
  const form = { username: 'amy', password: 'password-1', password2: 'password-1' };

  it('Given matching passwords, Then the body drops the confirmation', () => {
    const parsed = registerFormSchema({ emailVerification: false }).parse(form);
    expect(registerBodyFromForm(parsed)).toEqual({
      username: 'amy',
      password: 'password-1',
      email: '',
      verification_code: '',
      aff_code: '',
    });
  });

  it('refuses a mismatched confirmation, and a missing e-mail and code when verification is on', () => {
    const mismatch = registerFormSchema({ emailVerification: false }).safeParse({
      ...form,
      password2: 'other-pass',
    });
    expect(fieldsOf(mismatch)).toEqual(['password2:validation.user.password_mismatch']);
    const verify = registerFormSchema({ emailVerification: true }).safeParse(form);
    expect(fieldsOf(verify)).toEqual(['email:validation.required', 'verification_code:validation.required']);
    const badMail = registerFormSchema({ emailVerification: true }).safeParse({
      ...form,
      email: 'amy@',
      verification_code: 'abc123',
    });
    expect(fieldsOf(badMail)).toEqual(['email:users.validation.email_invalid']);
  });

  it.each([
    [{ username: '', password: 'password-1' }, 'username:validation.required'],
    [{ username: 'thirteen-long', password: 'password-1' }, 'username:validation.max_length'],
    [{ username: 'amy', password: 'short' }, 'password:validation.user.password_length'],
    [{ username: 'amy', password: 'p'.repeat(21) }, 'password:validation.user.password_length'],
  ])('refuses the body %o', (body, error) => {
    expect(fieldsOf(registerSchema.safeParse(body))).toEqual([error]);
  });
});

describe('admin user schemas', () => {
  it('reads zero values in an edit as "keep" and keeps unknown fields of a full User', () => {
    const parsed = userUpdateSchema.parse({ id: 3, quota: 99, access_token: 'x' });
    expect(parsed).toMatchObject({ id: 3, username: '', password: '', role: 0, status: 0, email: '' });
  });

  it('refuses a quota change of 0 or a fraction, and says when a deduction exceeds the balance', () => {
    expect(fieldsOf(userQuotaChangeSchema.safeParse({ quota: 0 }))).toEqual([
      'quota:users.validation.quota_delta_zero',
    ]);
    expect(fieldsOf(userQuotaChangeSchema.safeParse({ quota: 0.5 }))).toEqual(['quota:validation.integer']);
    expect(quotaChangeRefusal(100, -101)).toBe('users.errors.quota_below_zero');
    expect(quotaChangeRefusal(100, -100)).toBeUndefined();
    expect(quotaChangeRefusal(0, 5)).toBeUndefined();
    expect(quotaChangeRefusal(5, 0)).toBe('users.validation.quota_delta_zero');
  });

  it('recognises e-mail addresses', () => {
    expect(isEmailAddress('a@b.co')).toBe(true);
    expect(isEmailAddress('a@b')).toBe(false);
    expect(isEmailAddress('a b@c.io')).toBe(false);
  });

  it("reads the admin token search's empty-string ids as 0 (the console sends user_id='')", () => {
    expect(tokenAdminSearchQuerySchema.parse({ user_id: '', token_id: '7' })).toMatchObject({
      user_id: 0,
      token_id: 7,
    });
    expect(tokenAdminSearchQuerySchema.safeParse({ user_id: 'x' }).success).toBe(false);
  });
});

describe('user columns', () => {
  const t = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
  const ctx = { t, quota: DEFAULT_QUOTA_DISPLAY, time: (s: number) => `T${s}` };
  const user = userSchema.parse({
    id: 7,
    username: 'amy',
    display_name: 'Amy',
    role: 10,
    status: 2,
    quota: 1_000_000,
    email: 'amy@example.com',
    github_id: 'amy-gh',
    created_time: 5,
  });

  it('renders every column through i18n, quota as money and empty times as -', () => {
    const cells = Object.fromEntries(USER_COLUMNS.map((column) => [column.id, column.value(user, ctx)]));
    expect(cells).toMatchObject({
      id: '7',
      username: 'amy (Amy)',
      statistics: '$2.00 / $0.00 / 0',
      role: t('roles.admin'),
      status: 'Disabled',
      bindings: 'E-mail, GitHub',
      created_time: 'T5',
      last_login_time: '-',
    });
    expect(userBindingKeys(userSchema.parse({ id: 1, username: 'x', role: 1 }))).toEqual([]);
  });

  it('draws statistics as three chips and bindings coloured only when bound, with the address as title', () => {
    const column = (id: string) => USER_COLUMNS.find((c) => c.id === id);
    expect(
      column('statistics')
        ?.chips?.(user, ctx)
        .map((chip) => [chip.text, chip.tone]),
    ).toEqual([
      ['$2.00', 'success'],
      ['$0.00', 'warning'],
      ['0', 'info'],
    ]);
    const bindings = column('bindings')?.chips?.(user, ctx) ?? [];
    expect(bindings.map((chip) => [chip.text, chip.tone, chip.title])).toEqual([
      ['WeChat', 'default', 'Not bound'],
      ['GitHub', 'primary', 'amy-gh'],
      ['E-mail', 'primary', 'amy@example.com'],
    ]);
    expect(column('role')?.chipStyle?.(user)).toEqual({ tone: 'warning' });
    expect(column('status')?.chipStyle?.(user)).toEqual({ tone: 'error' });
  });

  it('offers only the contract sort fields', () => {
    const sortable = USER_COLUMNS.flatMap((column) => (column.sortField ? [column.sortField] : []));
    expect(sortable).toEqual([
      'id',
      'username',
      'role',
      'created_time',
      'last_login_time',
      'last_login_ip',
      'status',
    ]);
  });
});
