import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import {
  maskTokenKey,
  TOKEN_STATUS,
  tokenCreateSchema,
  tokenEnableRefusal,
  tokenKeyForDisplay,
  tokenSchema,
  tokenStatusUpdateSchema,
} from './tokens.schema.js';

const errorsOf = (input: unknown) => {
  const result = tokenCreateSchema.safeParse(input);
  if (result.success) return [];
  return fieldErrorsFromZod(result.error, (key, params) => translate('en_US', key, params));
};

describe('token create validation', () => {
  it('fills one-hub defaults: never expires, limited, empty groups, 0 expiry means never', () => {
    const token = tokenCreateSchema.parse({ name: 'ci', expired_time: 0 });
    expect(token).toMatchObject({
      name: 'ci',
      remain_quota: 0,
      unlimited_quota: false,
      expired_time: -1,
      group: '',
    });
    expect(token.setting.heartbeat).toEqual({ enabled: false, timeout_seconds: 30 });
  });

  it('requires a name of at most 30 bytes', () => {
    expect(errorsOf({})[0]).toMatchObject({ field: 'name', message: 'name is required' });
    expect(errorsOf({ name: '' })[0]?.key).toBe('validation.required');
    expect(errorsOf({ name: 'a'.repeat(30) })).toEqual([]);
    expect(errorsOf({ name: '令'.repeat(11) })[0]).toMatchObject({
      key: 'validation.token.name_too_long',
      message: 'Token name is too long (at most 30 bytes)',
    });
  });

  it('refuses negative or fractional quota and wrong types', () => {
    expect(errorsOf({ name: 'x', remain_quota: -1 })[0]?.message).toBe('remain_quota cannot be below 0');
    expect(errorsOf({ name: 'x', remain_quota: 1.5 })[0]?.key).toBe('validation.integer');
    expect(errorsOf({ name: 'x', unlimited_quota: 'yes' })[0]?.field).toBe('unlimited_quota');
  });

  it('checks the heartbeat range only when heartbeat is on', () => {
    const setting = (enabled: boolean, timeout_seconds: number) => ({
      name: 'x',
      setting: { heartbeat: { enabled, timeout_seconds } },
    });
    expect(errorsOf(setting(false, 5))).toEqual([]);
    expect(errorsOf(setting(true, 90))).toEqual([]);
    expect(errorsOf(setting(true, 91))[0]).toMatchObject({
      field: 'setting.heartbeat.timeout_seconds',
      message: 'Heartbeat timeout must be between 30 and 90 seconds',
    });
  });

  it('accepts IPs and CIDRs in the whitelist and names a bad entry', () => {
    const whitelist = (list: string[]) => ({
      name: 'x',
      setting: { limits: { limits_ip_setting: { enabled: true, whitelist: list } } },
    });
    expect(errorsOf(whitelist(['10.0.0.1', '192.168.0.0/16', '::1', '2001:db8::/32']))).toEqual([]);
    expect(errorsOf(whitelist(['10.0.0.256']))[0]?.field).toBe(
      'setting.limits.limits_ip_setting.whitelist.0',
    );
    expect(errorsOf(whitelist(['1.2.3.4/33'])).length).toBe(1);
  });

  it('lets a status-only update enable or disable, nothing else', () => {
    expect(tokenStatusUpdateSchema.safeParse({ id: 1, status: 2 }).success).toBe(true);
    expect(tokenStatusUpdateSchema.safeParse({ id: 1, status: 3 }).success).toBe(false);
    expect(tokenStatusUpdateSchema.safeParse({ id: 0, status: 1 }).success).toBe(false);
  });
});

describe('token wire shape', () => {
  it('parses a one-hub token whose setting lists are null', () => {
    const token = tokenSchema.parse({
      id: 3,
      status: 1,
      name: 'n',
      key: 'abc',
      setting: { limits: { limit_model_setting: { enabled: false, models: null } } },
    });
    expect(token.setting.limits.limit_model_setting.models).toEqual([]);
    expect(token.setting.limits.limits_ip_setting.whitelist).toEqual([]);
    expect(tokenSchema.parse({ id: 1, status: 1, name: 'n', setting: null }).setting.heartbeat.enabled).toBe(
      false,
    );
  });

  it('displays keys with sk- and masks them', () => {
    expect(tokenKeyForDisplay('abcd1234')).toBe('sk-abcd1234');
    expect(tokenKeyForDisplay('sk-abcd')).toBe('sk-abcd');
    expect(maskTokenKey('abcd1234')).toBe('sk-…1234');
  });
});

describe('enable refusals (contract §1.6)', () => {
  const base = tokenSchema.parse({ id: 1, status: 1, name: 'n' });
  it('refuses an expired token past its expiry and an exhausted limited token', () => {
    expect(tokenEnableRefusal({ ...base, status: TOKEN_STATUS.expired, expired_time: 100 }, 200)).toBe(
      'tokens.errors.enable_expired',
    );
    expect(
      tokenEnableRefusal({ ...base, status: TOKEN_STATUS.expired, expired_time: 300 }, 200),
    ).toBeUndefined();
    expect(tokenEnableRefusal({ ...base, status: TOKEN_STATUS.exhausted, remain_quota: 0 }, 200)).toBe(
      'tokens.errors.enable_exhausted',
    );
    expect(
      tokenEnableRefusal(
        { ...base, status: TOKEN_STATUS.exhausted, remain_quota: 0, unlimited_quota: true },
        200,
      ),
    ).toBeUndefined();
  });
});
