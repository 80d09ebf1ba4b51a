import { translate } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { checkRelayToken, checkTokenModel, type RelayTokenFacts } from './check-token.js';

const NOW = 1_700_000_000;
const setting = (limits: Partial<RelayTokenFacts['setting']['limits']> = {}): RelayTokenFacts['setting'] => ({
  limits: {
    limit_model_setting: { enabled: false, models: [] },
    limits_ip_setting: { enabled: false, whitelist: [] },
    ...limits,
  },
});
const token = (fields: Partial<RelayTokenFacts> = {}): RelayTokenFacts => ({
  status: 1,
  expired_time: -1,
  remain_quota: 100,
  unlimited_quota: false,
  setting: setting(),
  ...fields,
});
const context = { ownerEnabled: true, now: NOW, clientIp: '203.0.113.5' };

describe('checkRelayToken (behaviour spec §3.3)', () => {
  it('Given an enabled token with quota and no limits, Then it passes', () => {
    expect(checkRelayToken(token(), context)).toEqual({ ok: true });
  });

  it('Given a disabled owner, Then 403 "user banned" before any token check', () => {
    expect(checkRelayToken(token({ status: 2 }), { ...context, ownerEnabled: false })).toEqual({
      ok: false,
      status: 403,
      messageKey: 'relay.user.disabled',
    });
  });

  it('Given status 4, 3 or 2, Then 401 with "exhausted", "expired" or "unavailable"', () => {
    expect(checkRelayToken(token({ status: 4 }), context)).toMatchObject({
      status: 401,
      messageKey: 'relay.token.exhausted',
    });
    expect(checkRelayToken(token({ status: 3 }), context)).toMatchObject({
      status: 401,
      messageKey: 'relay.token.expired',
    });
    expect(checkRelayToken(token({ status: 2 }), context)).toEqual({
      ok: false,
      status: 401,
      messageKey: 'relay.token.unavailable',
    });
  });

  it('Given an expiry in the past, Then 401 "expired"; a future expiry or -1 passes, and 0 means expired', () => {
    expect(checkRelayToken(token({ expired_time: NOW - 1 }), context)).toEqual({
      ok: false,
      status: 401,
      messageKey: 'relay.token.expired',
    });
    expect(checkRelayToken(token({ expired_time: 0 }), context)).toMatchObject({
      messageKey: 'relay.token.expired',
    });
    expect(checkRelayToken(token({ expired_time: NOW }), context)).toEqual({ ok: true });
    expect(checkRelayToken(token({ expired_time: -1 }), context)).toEqual({ ok: true });
  });

  it('Given no quota left and not unlimited, Then 401 "exhausted" and the caller is told to mark it', () => {
    expect(checkRelayToken(token({ remain_quota: 0 }), context)).toEqual({
      ok: false,
      status: 401,
      messageKey: 'relay.token.exhausted',
      markExhausted: true,
    });
    expect(checkRelayToken(token({ remain_quota: -5 }), context)).toMatchObject({
      messageKey: 'relay.token.exhausted',
    });
  });

  it('Given an unlimited token with no quota left, Then it passes', () => {
    expect(checkRelayToken(token({ remain_quota: 0, unlimited_quota: true }), context)).toEqual({ ok: true });
  });

  it('Given an IP whitelist with v4 and v6 CIDRs, Then clients inside pass and outside get 403 naming their IP', () => {
    const limited = token({
      setting: setting({ limits_ip_setting: { enabled: true, whitelist: ['10.0.0.0/8', '2001:db8::/32'] } }),
    });
    expect(checkRelayToken(limited, { ...context, clientIp: '10.9.8.7' })).toEqual({ ok: true });
    expect(checkRelayToken(limited, { ...context, clientIp: '2001:db8::42' })).toEqual({ ok: true });
    expect(checkRelayToken(limited, { ...context, clientIp: '11.0.0.1' })).toEqual({
      ok: false,
      status: 403,
      messageKey: 'relay.token.ip_not_allowed',
      params: { ip: '11.0.0.1' },
    });
    expect(checkRelayToken(limited, { ...context, clientIp: '2001:db9::1' })).toMatchObject({ status: 403 });
  });

  it('Given a whitelist that is disabled or empty, Then any IP passes', () => {
    const off = setting({ limits_ip_setting: { enabled: false, whitelist: ['10.0.0.0/8'] } });
    const empty = setting({ limits_ip_setting: { enabled: true, whitelist: [] } });
    expect(checkRelayToken(token({ setting: off }), context)).toEqual({ ok: true });
    expect(checkRelayToken(token({ setting: empty }), context)).toEqual({ ok: true });
  });

  it('Given a model allow-list and a requested model, Then a listed model passes and others get 404', () => {
    const limited = token({
      setting: setting({ limit_model_setting: { enabled: true, models: ['gpt-4o'] } }),
    });
    expect(checkRelayToken(limited, { ...context, model: 'gpt-4o' })).toEqual({ ok: true });
    expect(checkRelayToken(limited, { ...context, model: 'gpt-3.5' })).toEqual({
      ok: false,
      status: 404,
      messageKey: 'relay.token.model_not_allowed',
      params: { model: 'gpt-3.5' },
    });
    expect(checkRelayToken(limited, context)).toEqual({ ok: true });
  });

  it('Given the order of checks, Then an expired token outside the whitelist reports the expiry first', () => {
    const both = token({
      expired_time: NOW - 10,
      setting: setting({ limits_ip_setting: { enabled: true, whitelist: ['10.0.0.0/8'] } }),
    });
    expect(checkRelayToken(both, context)).toMatchObject({ messageKey: 'relay.token.expired' });
  });
});

describe('checkTokenModel (behaviour spec §3.3 step 5)', () => {
  it('Given the allow-list enabled but empty, Then 404 "no available models"; disabled lets anything through', () => {
    expect(checkTokenModel(setting({ limit_model_setting: { enabled: true, models: [] } }), 'x')).toEqual({
      ok: false,
      status: 404,
      messageKey: 'relay.token.no_models',
    });
    expect(checkTokenModel(setting({ limit_model_setting: { enabled: false, models: [] } }), 'x')).toEqual({
      ok: true,
    });
  });
});

describe('relay messages', () => {
  it('Given zh_CN, Then the messages are the spec texts; en_US interpolates the IP and model', () => {
    expect(translate('zh_CN', 'relay.key.invalid')).toBe('无效的令牌');
    expect(translate('zh_CN', 'relay.token.exhausted')).toBe('令牌额度已用尽');
    expect(translate('zh_CN', 'relay.token.expired')).toBe('令牌已过期');
    expect(translate('zh_CN', 'relay.token.unavailable')).toBe('令牌状态不可用');
    expect(translate('zh_CN', 'relay.pinning.not_admin')).toBe('普通用户不支持指定渠道');
    expect(translate('zh_CN', 'relay.group.missing', { group: 'vip' })).toBe('分组 vip 不存在');
    expect(translate('en_US', 'relay.token.ip_not_allowed', { ip: '1.2.3.4' })).toBe(
      'IP 1.2.3.4 is not allowed to access',
    );
    expect(translate('en_US', 'relay.token.model_not_allowed', { model: 'm' })).toBe(
      'Model m is not supported for current token',
    );
  });
});
