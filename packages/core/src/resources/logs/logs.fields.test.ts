import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { logContentText } from './logs.fields.js';

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
