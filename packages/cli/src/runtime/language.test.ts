import { describe, expect, it } from 'vitest';
import { cliLanguage } from './language.js';

describe('CLI language', () => {
  it('Given nothing, Then zh_CN (the product default)', () => {
    expect(cliLanguage({})).toBe('zh_CN');
    expect(cliLanguage({ LANG: 'C.UTF-8' })).toBe('zh_CN');
  });

  it('Given GW_LANG, LC_ALL and LANG, Then the first that names a language wins', () => {
    expect(cliLanguage({ LANG: 'en_US.UTF-8' })).toBe('en_US');
    expect(cliLanguage({ LC_ALL: 'ja_JP.UTF-8', LANG: 'en_US.UTF-8' })).toBe('ja_JP');
    expect(cliLanguage({ GW_LANG: 'zh-TW', LC_ALL: 'ja_JP.UTF-8' })).toBe('zh_HK');
    expect(cliLanguage({ GW_LANG: 'klingon', LC_ALL: 'POSIX', LANG: 'en_GB.UTF-8' })).toBe('en_US');
  });
});
