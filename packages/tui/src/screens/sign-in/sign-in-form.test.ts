import { createI18n } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { normalizeServerUrl } from '../../lib/connection.js';
import { tuiLanguage } from '../../lib/language.js';
import { signInReady, signInRequest } from './sign-in-form.js';

const en = createI18n('en_US');
const t = (key: string, params?: Record<string, unknown>) => en.t(key, params ?? {});
const empty = { server: 'http://localhost:3000', username: '', password: '', access_token: '' };

describe('sign-in form', () => {
  it('normalises server URLs and refuses what is not http(s)', () => {
    expect(normalizeServerUrl('localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeServerUrl(' https://gw.example.com/ ')).toBe('https://gw.example.com');
    expect(normalizeServerUrl('https://gw.example.com/base/')).toBe('https://gw.example.com/base');
    expect(normalizeServerUrl('ftp://x')).toBeUndefined();
    expect(normalizeServerUrl('')).toBeUndefined();
  });

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

describe('interface language', () => {
  it('takes the option, then LC_ALL, LC_MESSAGES, LANG, then zh_CN', () => {
    expect(tuiLanguage('ja', { LANG: 'en_US.UTF-8' })).toBe('ja_JP');
    expect(tuiLanguage(undefined, { LC_ALL: 'zh_TW.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh_HK');
    expect(tuiLanguage(undefined, { LANG: 'en_GB.UTF-8' })).toBe('en_US');
    expect(tuiLanguage(undefined, { LANG: 'C.UTF-8' })).toBe('zh_CN');
    expect(tuiLanguage(undefined, {})).toBe('zh_CN');
  });
});
