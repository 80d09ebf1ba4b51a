import { describe, expect, it } from 'vitest';
import { ROLES } from '../../roles/roles.js';
import { formSchema, screenColumns, screenForRole, screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import {
  emptyTokenForm,
  TOKEN_FORM,
  TOKEN_SCREEN,
  type TokenFormValues,
  tokenFormChanged,
  tokenFormFromRow,
  tokenListView,
} from './tokens.screen.js';
import { TOKEN_NEVER_EXPIRES, tokenSchema } from './tokens.schema.js';

function issues(values: TokenFormValues): string[] {
  const result = formSchema(TOKEN_FORM, 'create').safeParse(values);
  return result.success ? [] : fieldErrorsFromZod(result.error).map((error) => `${error.field}:${error.key}`);
}

describe('token screen (console-screens §2)', () => {
  it('names only keys every locale has', () => {
    expect(missingLocaleKeys(screenI18nKeys(TOKEN_SCREEN))).toEqual([]);
  });

  it('Given a new token, then it never expires, is unlimited and has no limits', () => {
    const input = TOKEN_FORM.toInput({ ...emptyTokenForm(), name: ' ci ' }, undefined);
    expect(input).toMatchObject({
      name: 'ci',
      expired_time: TOKEN_NEVER_EXPIRES,
      unlimited_quota: true,
      setting: { limits: { limit_model_setting: { enabled: false, models: [] } } },
    });
  });

  it('Given bad values, then each message lands on the flat field that holds them', () => {
    const values: TokenFormValues = {
      ...emptyTokenForm(),
      name: '',
      never_expires: false,
      expired_time: 1000,
      unlimited_quota: false,
      remain_quota: -1,
      heartbeat_enabled: true,
      heartbeat_timeout: 5,
      limit_ips: true,
      ip_whitelist: '10.0.0.1\nnot-an-ip',
    };
    expect(issues(values).sort()).toEqual([
      'expired_time:validation.token.expiry_past',
      'heartbeat_timeout:validation.token.heartbeat_range',
      'ip_whitelist:validation.token.ip_invalid',
      'name:validation.required',
      'remain_quota:validation.min_zero',
    ]);
    expect(
      issues({
        ...values,
        name: 'ok',
        remain_quota: 0,
        heartbeat_timeout: 30,
        ip_whitelist: '10.0.0.0/8',
        expired_time: 4102444800,
      }),
    ).toEqual([]);
  });

  it('Given a stored token, then editing it keeps its limits and expiry', () => {
    const token = tokenSchema.parse({
      id: 3,
      name: 'ci',
      status: 1,
      expired_time: 4102444800,
      remain_quota: 500,
      setting: { limits: { limit_model_setting: { enabled: true, models: ['gpt-4o'] } } },
    });
    const values = tokenFormFromRow(token);
    expect(values).toMatchObject({ never_expires: false, expired_time: 4102444800, models: ['gpt-4o'] });
    expect(TOKEN_FORM.toInput(values, token)).toMatchObject({
      expired_time: 4102444800,
      remain_quota: 500,
      setting: { limits: { limit_model_setting: { enabled: true, models: ['gpt-4o'] } } },
    });
  });

  it('Given a quota, an expiry or a model list typed, Then the switch that governs it follows', () => {
    const before = emptyTokenForm();
    const after = {
      ...before,
      remain_quota: 500,
      expired_time: before.expired_time + 60,
      models: ['gpt-4o'],
    };
    expect(TOKEN_FORM.changed?.(after, before)).toEqual({
      unlimited_quota: false,
      never_expires: false,
      limit_models: true,
    });
    expect(TOKEN_FORM.changed?.({ ...before, name: 'x' }, before)).toEqual({});
  });

  it('Given an exhausted token, When switching it on, Then the refusal says why before any call', () => {
    const spent = tokenSchema.parse({ id: 1, name: 'x', status: 4, remain_quota: 0 });
    expect(TOKEN_SCREEN.status?.refusal?.(spent, true)).toBe('tokens.errors.enable_exhausted');
    expect(TOKEN_SCREEN.status?.refusal?.(spent, false)).toBeUndefined();
  });
});

describe('token form: backup group', () => {
  it('Given the backup group set to the primary, Then it is cleared', () => {
    const previous = { ...emptyTokenForm(), group: 'vip' };
    expect(tokenFormChanged({ ...previous, backup_group: 'vip' }, previous)).toEqual({ backup_group: '' });
    const backed = { ...emptyTokenForm(), backup_group: 'default' };
    expect(tokenFormChanged({ ...backed, group: 'default' }, backed)).toEqual({ backup_group: '' });
    expect(tokenFormChanged({ ...backed, group: 'vip' }, backed)).toEqual({});
  });
});

describe('token columns: the owner shows on the admin search only (console-screens §2)', () => {
  const ids = (query: Record<string, string | number>) =>
    screenColumns(TOKEN_SCREEN, { page: 1, size: 10, order: '-id', ...query }).map((column) => column.id);

  it("Given an admin's own list, Then no owner column (it would name the admin on every row)", () => {
    const admin = screenForRole(TOKEN_SCREEN, ROLES.admin);
    expect(
      screenColumns(admin, { page: 1, size: 10, order: '-id' }).map((column) => column.id),
    ).not.toContain('owner');
    expect(ids({ keyword: 'ci' })).not.toContain('owner');
    // A cleared id box (0 or blank) is one's own list again.
    expect(ids({ user_id: 0, token_id: '' })).not.toContain('owner');
  });

  it('Given a search by user id or token id, Then the owner column is there, right after the id', () => {
    expect(ids({ user_id: 3 }).slice(0, 3)).toEqual(['id', 'owner', 'name']);
    expect(ids({ token_id: 9 })).toContain('owner');
    expect(tokenListView({ page: 1, size: 10, order: '-id', user_id: '3' })).toBe('admin-search');
  });

  it("Given a user's list, Then no owner column whatever the query (the role drops it first)", () => {
    const user = screenForRole(TOKEN_SCREEN, ROLES.common);
    expect(
      screenColumns(user, { page: 1, size: 10, order: '-id', user_id: 3 }).map((c) => c.id),
    ).not.toContain('owner');
  });
});
