import {
  type ColumnContext,
  displayWidth,
  stripAnsi,
  TOKEN_COLUMNS,
  type Token,
  tokenSchema,
  translate,
} from '@gw/core';
import { describe, expect, it } from 'vitest';
import { createPainter } from './color.js';
import { renderRecord, renderRecordTsv, renderTable, renderTsv } from './table.js';

// The renderer's own tests: the owner column (filled only on an admin's search) is empty on these rows.
const COLUMNS = TOKEN_COLUMNS.filter((column) => column.id !== 'owner');

const token = (fields: Partial<Token> & { id: number; name: string }): Token =>
  tokenSchema.parse({ status: 1, key: 'abcdefghijklmnop1234', created_time: 1_700_000_000, ...fields });

const rows = [
  token({ id: 1, name: 'ci', remain_quota: 500_000 }),
  token({ id: 22, name: 'a much longer token name', status: 2, unlimited_quota: true, key: 'zzzz9999' }),
];

const context = (language: 'en_US' | 'zh_CN', time: (s: number) => string): ColumnContext => ({
  t: (key, params) => translate(language, key, params),
  quota: { displayInCurrency: true, quotaPerUnit: 500_000 },
  time,
});
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('TTY table', () => {
  it('Given tokens, When rendered wide, Then a header row comes first and every column lines up', () => {
    const text = renderTable(rows, {
      columns: COLUMNS,
      ctx: context('en_US', iso),
      paint: createPainter(false),
    });
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ID\s+NAME\s+GROUP\s+(BACKUP GROUP\s+)?STATUS/);
    const statusAt = (line: string) => line.search(/Enabled|Disabled|STATUS/);
    expect(statusAt(lines[1] ?? '')).toBe(statusAt(lines[0] ?? ''));
    expect(statusAt(lines[2] ?? '')).toBe(statusAt(lines[0] ?? ''));
    expect(lines[1]).toContain('sk-…1234');
    expect(lines[1]).not.toContain('abcdefghijklmnop1234');
    expect(lines[2]).toContain('Unlimited');
  });

  it('Given Chinese headers, Then alignment counts wide characters as two cells', () => {
    const text = renderTable(rows, {
      columns: COLUMNS,
      ctx: context('zh_CN', iso),
      paint: createPainter(false),
    });
    const lines = text.trimEnd().split('\n');
    const header = lines[0] ?? '';
    const nameEnd = displayWidth(header.slice(0, header.indexOf('分组')));
    for (const line of lines.slice(1)) {
      const cut = [...line].reduce(
        (acc, char) =>
          acc.width >= nameEnd ? acc : { width: acc.width + displayWidth(char), text: acc.text + char },
        { width: 0, text: '' },
      );
      expect(displayWidth(cut.text)).toBe(nameEnd);
    }
  });

  it('Given a narrow terminal, When the table would overflow, Then low-priority columns drop first', () => {
    const ctx = context('en_US', iso);
    const text = renderTable(rows, { columns: COLUMNS, ctx, paint: createPainter(false), width: 60 });
    const header = text.split('\n')[0] ?? '';
    expect(header).toContain('NAME');
    expect(header).toContain('STATUS');
    expect(header).not.toContain('KEY');
    expect(header).not.toContain('CREATED');
    expect(renderTable(rows, { columns: COLUMNS, ctx, paint: createPainter(false) })).toContain('KEY');
    for (const line of text.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });

  it('Given colour, Then the header is bold and a cell takes the colour asked for', () => {
    const text = renderTable(rows.slice(0, 1), {
      columns: COLUMNS,
      ctx: context('en_US', iso),
      paint: createPainter(true),
      cellColor: (column) => (column.id === 'status' ? 'green' : 'plain'),
    });
    expect(text).toContain('\u001b[1mID');
    expect(text).toContain('\u001b[32mEnabled');
    expect(stripAnsi(text)).not.toContain('\u001b');
  });
});

describe('piped TSV', () => {
  it('Given tokens, Then there is no header, cells are tab-separated, times are ISO and nothing is cut', () => {
    const text = renderTsv(rows, COLUMNS, context('en_US', iso));
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.split('\t')).toHaveLength(COLUMNS.length);
    expect(lines[0]?.startsWith('1\tci\t')).toBe(true);
    expect(lines[0]).toContain('2023-11-14T22:13:20.000Z');
    expect(lines[1]).toContain('a much longer token name');
    expect(text).not.toContain('\u001b');
  });

  it('Given a value with tabs or newlines, Then it cannot break the columns', () => {
    const text = renderTsv([token({ id: 3, name: 'a\tb\nc' })], COLUMNS, context('en_US', iso));
    expect(text.split('\n')).toHaveLength(2);
    expect(text.split('\t')[1]).toBe('a b c');
  });
});

describe('records', () => {
  it('aligns labels on a terminal and writes id<TAB>value on a pipe', () => {
    const pairs = [
      ['ID', '7'],
      ['Name', 'ci'],
    ] as const;
    expect(renderRecord(pairs, createPainter(false))).toBe('ID:   7\nName: ci\n');
    expect(renderRecordTsv(pairs)).toBe('ID\t7\nName\tci\n');
  });
});
