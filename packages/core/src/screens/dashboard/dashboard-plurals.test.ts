import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { LANGUAGES } from '../../i18n/languages.js';

// The dashboard's counted words take i18next's plural forms: "1 day", never "1 days" (issue 10).
describe('dashboard plurals', () => {
  it('Given one and two in English, Then singular and plural', () => {
    expect(translate('en_US', 'dashboard.heatmap_days', { count: 1 })).toBe('1 day');
    expect(translate('en_US', 'dashboard.heatmap_days', { count: 2 })).toBe('2 days');
    expect(translate('en_US', 'dashboard.heatmap_requests', { count: 1 })).toBe('1 request');
    expect(translate('en_US', 'dashboard.donut_total', { count: 1 })).toBe('1 request');
    expect(translate('en_US', 'dashboard.donut_total', { count: 0 })).toBe('0 requests');
    expect(translate('en_US', 'dashboard.heatmap_cell', { date: 'd', count: 1, amount: '$1' })).toBe(
      'd: 1 request, $1',
    );
  });

  it('Given every language, Then the summary reads the counts it is given and names no key', () => {
    for (const language of LANGUAGES) {
      const text = translate(language, 'dashboard.heatmap_summary', {
        total: translate(language, 'dashboard.heatmap_requests', { count: 1 }),
        days: translate(language, 'dashboard.heatmap_days', { count: 1 }),
      });
      expect(text, language).not.toContain('dashboard.');
      expect(text, language).not.toMatch(/\b1 days\b|\b1 requests\b/);
    }
    expect(translate('zh_CN', 'dashboard.heatmap_days', { count: 1 })).toBe('1 天');
  });
});
