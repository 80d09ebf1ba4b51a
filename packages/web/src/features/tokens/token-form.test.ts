import { translate } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { emptyTokenForm, formToTokenBody, validateTokenForm } from './token-form';

const t = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const NOW = 1_800_000_000;

describe('token form mapping', () => {
  it('maps a new form to a never-expiring unlimited token with no limits', () => {
    const body = formToTokenBody({ ...emptyTokenForm(NOW), name: ' ci ' });
    expect(body).toMatchObject({ name: 'ci', expired_time: -1, unlimited_quota: true, remain_quota: 0 });
  });

  it('drops blank whitelist lines and keeps one IP per line', () => {
    const body = formToTokenBody({
      ...emptyTokenForm(NOW),
      name: 'x',
      limitIps: true,
      ipWhitelist: '10.0.0.1\n\n 192.168.0.0/16 \n',
    });
    expect(body.setting.limits.limits_ip_setting.whitelist).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('refuses a past or unreadable expiry and a heartbeat outside 30–90 s', () => {
    const base = { ...emptyTokenForm(NOW), name: 'x', neverExpires: false };
    const past = validateTokenForm({ ...base, expiresAt: '2020-01-01T00:00' }, t, NOW);
    expect(past.ok ? undefined : past.errors.expiresAt).toBe('The expiry time is already past');
    const bad = validateTokenForm({ ...base, expiresAt: 'not a date' }, t, NOW);
    expect(bad.ok ? undefined : bad.errors.expiresAt).toBe(t('validation.token.expiry_invalid'));
    const beat = validateTokenForm(
      { ...emptyTokenForm(NOW), name: 'x', heartbeatEnabled: true, heartbeatTimeout: '95' },
      t,
      NOW,
    );
    expect(beat.ok ? undefined : beat.errors.heartbeatTimeout).toBe(
      'Heartbeat timeout must be between 30 and 90 seconds',
    );
  });

  it('names the bad whitelist entry and refuses a negative limited quota', () => {
    const result = validateTokenForm(
      {
        ...emptyTokenForm(NOW),
        name: 'x',
        unlimitedQuota: false,
        quota: '-5',
        limitIps: true,
        ipWhitelist: '1.2.3.4/33',
      },
      t,
      NOW,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.quota).toBe('Quota cannot be below 0');
      expect(result.errors.ipWhitelist).toContain('not a valid IP address or CIDR block');
    }
  });
});
