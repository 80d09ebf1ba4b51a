import { describe, expect, it } from 'vitest';
import { languageFromEnv } from './languages.js';

describe('language from a terminal environment', () => {
  it('Given nothing, or only C/POSIX locales, Then English', () => {
    expect(languageFromEnv({})).toBe('en_US');
    expect(languageFromEnv({ LANG: 'C.UTF-8', LC_ALL: 'POSIX' })).toBe('en_US');
    expect(languageFromEnv({ LANG: 'C' }, '')).toBe('en_US');
    expect(languageFromEnv({ LANG: 'fr_FR.UTF-8' })).toBe('en_US');
  });

  it('Given LC_ALL=C over a Chinese LANG, Then English, as POSIX lets LC_ALL override LANG', () => {
    expect(languageFromEnv({ LC_ALL: 'C', LANG: 'zh_CN.UTF-8' })).toBe('en_US');
    expect(languageFromEnv({ LC_ALL: '', LANG: 'zh_CN.UTF-8' })).toBe('zh_CN');
  });

  it('Given locale variables, Then the encoding and modifier are stripped', () => {
    expect(languageFromEnv({ LANG: 'en_US.UTF-8' })).toBe('en_US');
    expect(languageFromEnv({ LANG: 'ja_JP.eucJP@euro' })).toBe('ja_JP');
    expect(languageFromEnv({ LANG: 'zh_TW.UTF-8' })).toBe('zh_HK');
    expect(languageFromEnv({ LANG: 'en_GB.UTF-8' })).toBe('en_US');
  });

  it('Given several sources, Then explicit beats GW_LANG beats LC_ALL beats LC_MESSAGES beats LANG', () => {
    const env = { GW_LANG: 'zh-TW', LC_ALL: 'ja_JP.UTF-8', LC_MESSAGES: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' };
    expect(languageFromEnv(env, 'en')).toBe('en_US');
    expect(languageFromEnv(env)).toBe('zh_HK');
    expect(languageFromEnv({ ...env, GW_LANG: undefined })).toBe('ja_JP');
    expect(languageFromEnv({ ...env, GW_LANG: undefined, LC_ALL: undefined })).toBe('en_US');
    expect(languageFromEnv({ LANG: 'zh_CN.UTF-8', LC_MESSAGES: 'ja_JP' })).toBe('ja_JP');
  });

  it('Given --lang or GW_LANG naming no supported language, Then the locale decides', () => {
    expect(languageFromEnv({ GW_LANG: 'klingon', LC_ALL: 'POSIX', LANG: 'ja_JP.UTF-8' })).toBe('en_US');
    expect(languageFromEnv({ GW_LANG: 'klingon', LANG: 'ja_JP.UTF-8' })).toBe('ja_JP');
    expect(languageFromEnv({ LANG: 'ja_JP.UTF-8' }, 'fr')).toBe('ja_JP');
  });
});
