import { describe, expect, it } from 'vitest';
import { screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { TOKEN_FORM, TOKEN_SCREEN, tokenFormSchema } from './tokens.screen.js';
import { TOKEN_NEVER_EXPIRES, tokenSchema } from './tokens.schema.js';

const now = Math.floor(Date.now() / 1000);

describe('the token screen', () => {
  it('Given a new token, Then every face starts unlimited and never expiring', () => {
    const input = TOKEN_FORM.toInput({ ...TOKEN_FORM.empty(), name: 'ci' }, undefined);
    expect(input).toMatchObject({ name: 'ci', unlimited_quota: true, expired_time: TOKEN_NEVER_EXPIRES });
    expect(tokenFormSchema.safeParse({ ...TOKEN_FORM.empty(), name: 'ci' }).success).toBe(true);
  });

  it('Given a quota or an expiry typed, Then the switch that governs it follows', () => {
    const before = TOKEN_FORM.empty();
    const after = { ...before, remain_quota: 500, expired_time: now + 60, models: ['gpt-4o'] };
    expect(TOKEN_FORM.changed?.(after, before)).toEqual({
      unlimited_quota: false,
      never_expires: false,
      limit_models: true,
    });
  });

  it('Given a negative quota, a past expiry or a bad IP, Then the field that holds it is named', () => {
    const fields = (values: object) => {
      const parsed = tokenFormSchema.safeParse({ ...TOKEN_FORM.empty(), name: 'ci', ...values });
      return parsed.success
        ? []
        : parsed.error.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`);
    };
    expect(fields({ unlimited_quota: false, remain_quota: -1 })).toEqual([
      'remain_quota:validation.min_zero',
    ]);
    expect(fields({ never_expires: false, expired_time: now - 10 })).toEqual([
      'expired_time:validation.token.expiry_past',
    ]);
    expect(fields({ limit_ips: true, ip_whitelist: ['nope'] })).toEqual([
      'ip_whitelist:validation.token.ip_invalid',
    ]);
  });

  it('Given a stored token, When edited, Then its id and billing tag ride along', () => {
    const token = tokenSchema.parse({
      id: 4,
      name: 'ci',
      status: 1,
      expired_time: now + 3600,
      setting: { billing_tag: 'team-a' },
    });
    const values = TOKEN_FORM.fromRow(token);
    expect(values.never_expires).toBe(false);
    expect(TOKEN_FORM.toInput(values, token)).toMatchObject({
      id: 4,
      expired_time: now + 3600,
      setting: { billing_tag: 'team-a' },
    });
  });

  it('names only keys every locale has', () => {
    expect(missingLocaleKeys(screenI18nKeys(TOKEN_SCREEN))).toEqual([]);
  });
});
