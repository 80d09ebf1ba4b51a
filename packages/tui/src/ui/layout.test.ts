import { createI18n, fitColumnsToWidth, TOKEN_COLUMNS, tokenSchema } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { TABLE_MAX_COLUMN_WIDTH } from './data-table.js';
import { glyphsFor, prefersAscii } from './glyphs.js';

const i18n = createI18n('en_US');
const t = (key: string) => i18n.t(key);
const token = tokenSchema.parse({
  id: 7,
  status: 1,
  name: 'nightly-build',
  key: 'abcdefghijklmnop',
  created_time: 1_700_000_000,
  remain_quota: 500_000,
});
const titles = TOKEN_COLUMNS.map((column) => t(column.titleKey));
const cells = [
  TOKEN_COLUMNS.map((column) =>
    column.value(token, {
      t,
      quota: { displayInCurrency: true, quotaPerUnit: 500_000 },
      time: () => '2023-11-14 22:13:20',
    }),
  ),
];
const fitTokens = (width: number) =>
  fitColumnsToWidth(TOKEN_COLUMNS, titles, cells, width, 2, { maxWidth: TABLE_MAX_COLUMN_WIDTH });
const idsAt = (width: number) => fitTokens(width).columns.map((column) => column.id);

describe('fitting token columns to the terminal width', () => {
  it('Given a wide terminal, then every column shows', () => {
    expect(idsAt(200)).toEqual(TOKEN_COLUMNS.map((column) => column.id));
  });

  it('Given 80 columns, then the key and created columns drop first (highest priority numbers)', () => {
    const ids = idsAt(78);
    expect(ids).not.toContain('key');
    expect(ids).not.toContain('created_time');
    expect(ids).toContain('name');
    expect(ids).toContain('status');
  });

  it('Given a very narrow terminal, then only priority-1 columns stay and are narrowed to fit', () => {
    const fitted = fitTokens(16);
    expect(fitted.columns.map((column) => column.id)).toEqual(['name', 'status']);
    expect(fitted.widths.reduce((sum, width) => sum + width, 0) + 2).toBeLessThanOrEqual(16);
  });
});

describe('glyphs', () => {
  it('uses ASCII glyphs only when TERM=dumb', () => {
    expect(prefersAscii({ TERM: 'dumb' })).toBe(true);
    expect(prefersAscii({ TERM: 'xterm-256color' })).toBe(false);
    const glyphs = glyphsFor(true);
    const ascii = Object.values(glyphs)
      .filter((value) => typeof value === 'string')
      .join('');
    expect(ascii.replace(/[\x20-\x7e]/g, '')).toBe('');
    expect(glyphs.text('Loading… — “ok”')).toBe('Loading... - "ok"');
    expect(glyphsFor(false).text('Loading…')).toBe('Loading…');
  });
});
