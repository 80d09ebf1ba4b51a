import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { createI18nWith, loadLocale } from '../../i18n/locale-loaders.js';
import { LOG_CONTENT_KEYS, LOG_CONTENT_SECTIONS, logContentText } from './logs.fields.js';

const inEnglish = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

describe('a log text in the reader’s language', () => {
  const written = '管理员调整用户额度 +500 点（100 → 600），备注：refund';
  const localized = {
    key: 'users.log.quota_change',
    params: { delta: '+500', before: 100, after: 600, remark: 'refund' },
  };

  it('re-words a text the server wrote from a known key', () => {
    expect(logContentText({ content: written, metadata: { content_i18n: localized } }, inEnglish)).toBe(
      'An administrator changed the quota by +500 points (100 → 600); remark: refund',
    );
  });

  it('keeps the stored text for one-hub rows, unknown keys and odd parameters', () => {
    expect(logContentText({ content: written, metadata: null }, inEnglish)).toBe(written);
    const unknown = { content_i18n: { key: 'errors.internal', params: {} } };
    expect(logContentText({ content: written, metadata: unknown }, inEnglish)).toBe(written);
    const nested = { content_i18n: { key: localized.key, params: { delta: { deep: 1 } } } };
    expect(logContentText({ content: written, metadata: nested }, inEnglish)).toBe(written);
    expect(logContentText({ content: written, metadata: { content_i18n: 'x' } }, inEnglish)).toBe(written);
  });
});

describe('the sections a log list loads for its texts', () => {
  // A console loading strings per screen (the web) loads LOG_CONTENT_SECTIONS with the log list: with
  // only those, every re-worded text must be found, in every language (the logs screen showed the bare
  // key 'users.log.quota_change' when it loaded only its own sections).
  it.each(LANGUAGES)('words every log text key with only those sections loaded (%s)', async (language) => {
    const i18n = createI18nWith(language, await loadLocale(language, LOG_CONTENT_SECTIONS));
    for (const key of LOG_CONTENT_KEYS) {
      const worded = i18n.t(key);
      expect(worded, key).not.toBe(key);
      expect(worded.length, key).toBeGreaterThan(0);
    }
  });
});
