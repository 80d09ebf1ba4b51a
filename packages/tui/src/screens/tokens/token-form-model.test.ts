import { createI18n } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_TOKEN_FORM, tokenFormFields, tokenFormInput } from './token-form-model.js';
import { tokenListAction } from './token-bindings.js';

const en = createI18n('en_US');
const t = (key: string, params?: Record<string, unknown>) => en.t(key, params ?? {});
const NOW = 1_800_000_000;

describe('token create form', () => {
  it('Given the defaults and a name, then the request is unlimited and never expires', () => {
    const result = tokenFormInput({ ...EMPTY_TOKEN_FORM, name: ' ci ' }, t, NOW);
    expect(result).toMatchObject({
      ok: true,
      input: { name: 'ci', unlimited_quota: true, expired_time: -1 },
    });
  });

  it('Given a limited quota and an expiry, then both are sent as integers', () => {
    const result = tokenFormInput(
      { name: 'x', unlimited: false, quota: '250000', neverExpires: false, expiresAt: '2030-01-02 03:04:05' },
      t,
      NOW,
    );
    expect(result.ok && result.input.remain_quota).toBe(250000);
    expect(result.ok && result.input.expired_time).toBeGreaterThan(NOW);
  });

  it('Given bad values, then each field gets its translated message', () => {
    const result = tokenFormInput(
      { name: '', unlimited: false, quota: '-5', neverExpires: false, expiresAt: 'tomorrow-ish' },
      t,
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        quota: 'Quota cannot be below 0',
        expires_at: 'Invalid date',
      },
    });
    expect(
      tokenFormInput({ ...EMPTY_TOKEN_FORM, name: 'x', unlimited: false, quota: '1.5' }, t, NOW),
    ).toMatchObject({
      errors: { quota: 'Quota must be a whole number' },
    });
    expect(
      tokenFormInput(
        { ...EMPTY_TOKEN_FORM, name: 'x', neverExpires: false, expiresAt: '2020-01-01 00:00:00' },
        t,
        NOW,
      ),
    ).toMatchObject({ errors: { expires_at: 'The expiry time is already past' } });
  });

  it('visits quota only when limited and the expiry only when it can expire', () => {
    expect(tokenFormFields(EMPTY_TOKEN_FORM)).toEqual(['name', 'unlimited', 'never_expires']);
    expect(tokenFormFields({ ...EMPTY_TOKEN_FORM, unlimited: false, neverExpires: false })).toEqual([
      'name',
      'unlimited',
      'quota',
      'never_expires',
      'expires_at',
    ]);
  });
});

describe('token list keys', () => {
  const none = {
    upArrow: false,
    downArrow: false,
    pageUp: false,
    pageDown: false,
    home: false,
    end: false,
    return: false,
    ctrl: false,
  };
  it('maps the bound keys to actions and leaves the rest alone', () => {
    expect(tokenListAction('j', none)).toBe('down');
    expect(tokenListAction('', { ...none, pageDown: true })).toBe('next_page');
    expect(tokenListAction('[', none)).toBe('previous_page');
    expect(tokenListAction('d', { ...none, ctrl: true })).toBe('delete');
    expect(tokenListAction('D', none)).toBe('delete');
    expect(tokenListAction('d', none)).toBe('detail');
    expect(tokenListAction(' ', none)).toBe('toggle');
    expect(tokenListAction('q', none)).toBeUndefined();
    expect(tokenListAction(':', none)).toBeUndefined();
  });
});
