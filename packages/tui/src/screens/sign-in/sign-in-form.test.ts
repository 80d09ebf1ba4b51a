import { createI18n } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { signInReady, signInRequest } from './sign-in-form.js';

const en = createI18n('en_US');
const t = (key: string, params?: Record<string, unknown>) => en.t(key, params ?? {});
const empty = { server: 'http://localhost:3000', username: '', password: '', access_token: '' };

describe('sign-in form', () => {
  it('prefers a typed access token over the password', () => {
    expect(signInRequest({ ...empty, access_token: ' abc ' }, t)).toEqual({
      kind: 'token',
      server: 'http://localhost:3000',
      accessToken: 'abc',
    });
  });

  it('names missing fields with their labels', () => {
    expect(signInRequest(empty, t)).toEqual({
      kind: 'invalid',
      errors: { username: 'Username or email is required', password: 'Password is required' },
    });
    expect(signInRequest({ ...empty, server: 'ftp://x' }, t)).toMatchObject({
      errors: { server: expect.any(String) },
    });
    expect(signInReady({ ...empty, username: 'a', password: 'b' })).toBe(true);
    expect(signInReady({ ...empty, username: 'a' })).toBe(false);
  });
});
