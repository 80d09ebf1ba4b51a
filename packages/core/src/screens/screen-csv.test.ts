import { describe, expect, it } from 'vitest';
import type { ColumnContext, ColumnDef } from '../format/columns.js';
import { DEFAULT_QUOTA_DISPLAY } from '../format/quota.js';
import type { ApiClient } from '../http/client.js';
import { csvField, csvHeader, csvRows, screenCsvChunks } from './screen-csv.js';

const ctx: ColumnContext = { t: (key) => `T(${key})`, quota: DEFAULT_QUOTA_DISPLAY, time: String };
const columns: ColumnDef<{ id: number; name: string }>[] = [
  { id: 'id', titleKey: 'f.id', priority: 1, value: (row) => String(row.id) },
  { id: 'name', titleKey: 'f.name', priority: 1, value: (row) => row.name },
];

describe('CSV of a screen list', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvHeader(columns, ctx)).toBe('T(f.id),T(f.name)\r\n');
    expect(csvRows(columns, [{ id: 1, name: 'x,y' }], ctx)).toBe('1,"x,y"\r\n');
  });

  it('fetches every page of the filtered list, a page at a time, then stops', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => ({ id: index + 1, name: `n${index + 1}` }));
    const asked: Record<string, unknown>[] = [];
    const screen = {
      columns,
      list: async (_client: ApiClient, query: { page: number; size: number } & Record<string, unknown>) => {
        asked.push(query);
        const data = rows.slice((query.page - 1) * query.size, query.page * query.size);
        return { data, page: query.page, size: query.size, total_count: rows.length };
      },
    };
    const chunks = [];
    for await (const chunk of screenCsvChunks(
      screen,
      {} as ApiClient,
      { page: 3, size: 10, order: 'id', keyword: 'n' },
      ctx,
    ))
      chunks.push(chunk);
    expect(asked.map((query) => [query.page, query.size, query.keyword, query.order])).toEqual([
      [1, 100, 'n', 'id'],
      [2, 100, 'n', 'id'],
      [3, 100, 'n', 'id'],
    ]);
    expect(chunks.map((chunk) => chunk.rows)).toEqual([0, 100, 100, 50]);
    const text = chunks.map((chunk) => chunk.text).join('');
    expect(text.startsWith('\uFEFFT(f.id),T(f.name)\r\n1,n1\r\n')).toBe(true);
    expect(text.trim().split('\r\n')).toHaveLength(251);
  });
});
