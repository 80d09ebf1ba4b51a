import { describe, expect, it } from 'vitest';
import { menuLeaves, NAVIGATION } from '../navigation/navigation.js';
import { createI18n, translate } from './i18n.js';
import { detectLanguage, LANGUAGES, normalizeLanguage } from './languages.js';
import { RESOURCES } from './resources.js';

/** Every leaf key of a nested resource object, with its string value. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    for (const [path, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locale parity', () => {
  const reference = leaves(RESOURCES.zh_CN.translation);

  it.each(LANGUAGES.filter((language) => language !== 'zh_CN'))(
    '%s has exactly the keys of zh_CN',
    (language) => {
      const keys = leaves(RESOURCES[language].translation);
      expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
    },
  );

  it.each(LANGUAGES)('%s uses the same placeholders as zh_CN and no empty string', (language) => {
    for (const [key, text] of leaves(RESOURCES[language].translation)) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(reference.get(key) ?? ''));
    }
  });

  it('translates every navigation title in every locale', () => {
    const titles = [...menuLeaves(NAVIGATION), ...NAVIGATION].map((item) => item.title);
    for (const language of LANGUAGES) {
      const keys = leaves(RESOURCES[language].translation);
      for (const title of titles) expect(keys.has(title), `${language} ${title}`).toBe(true);
    }
  });
});

describe('translation', () => {
  it('defaults to zh_CN and falls back to it', () => {
    expect(createI18n().t('nav.token')).toBe('令牌');
    expect(translate('en_US', 'nav.token')).toBe('Tokens');
    expect(translate('ja_JP', 'errors.with_message', { message: 'x' })).toBe('エラー：x');
  });
});

describe('language detection (spec §1)', () => {
  it('follows query, cookie, local, session, browser, page tag, then server default', () => {
    expect(detectLanguage({ query: 'ja', cookie: 'en_US', localStorage: 'zh_HK' })).toBe('ja_JP');
    expect(detectLanguage({ cookie: 'en-US', localStorage: 'zh_HK' })).toBe('en_US');
    expect(detectLanguage({ localStorage: 'zh_HK', navigator: ['en-US'] })).toBe('zh_HK');
    expect(detectLanguage({ sessionStorage: 'fr', navigator: ['fr-FR', 'ja-JP'] })).toBe('ja_JP');
    expect(detectLanguage({ htmlLang: 'zh-TW' })).toBe('zh_HK');
    expect(detectLanguage({ serverDefault: 'en_US' })).toBe('en_US');
    expect(detectLanguage({})).toBe('zh_CN');
  });

  it('normalises tags and refuses unknown ones', () => {
    expect(normalizeLanguage('EN_gb')).toBe('en_US');
    expect(normalizeLanguage('zh-Hant')).toBe('zh_HK');
    expect(normalizeLanguage('zh')).toBe('zh_CN');
    expect(normalizeLanguage('de')).toBeUndefined();
    expect(normalizeLanguage('')).toBeUndefined();
  });
});
