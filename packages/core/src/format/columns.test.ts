import { describe, expect, it } from 'vitest';
import { displayWidth } from './cells.js';
import { type ColumnDef, fitColumnsToWidth, MIN_COLUMN_CELLS } from './columns.js';

interface Row {
  id: string;
  name: string;
  key: string;
  note: string;
}
const column = (id: keyof Row, priority: number): ColumnDef<Row> => ({
  id,
  titleKey: id,
  priority,
  value: (row) => row[id],
});
const COLUMNS = [column('id', 1), column('name', 1), column('key', 3), column('note', 2)];
const titles = ['ID', '名称', 'KEY', 'NOTE'];
const cells = [
  ['1', 'nightly-build', 'sk-…abcd', 'a long note about it'],
  ['22', '令牌', 'sk-…wxyz', ''],
];
const ids = (available: number) =>
  fitColumnsToWidth(COLUMNS, titles, cells, available, 2).columns.map((kept) => kept.id);
const tableWidth = (widths: readonly number[], gap: number) =>
  widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);

describe('fitting columns to a width', () => {
  it('Given room for everything, Then every column keeps its natural width (CJK titles count double)', () => {
    const fitted = fitColumnsToWidth(COLUMNS, titles, cells, 200, 2);
    expect(fitted.columns.map((kept) => kept.id)).toEqual(['id', 'name', 'key', 'note']);
    expect(fitted.widths).toEqual([2, 13, 8, 20]);
    expect(fitted.indexes).toEqual([0, 1, 2, 3]);
  });

  it('Given less room, Then the highest priority numbers drop first and the input order is kept', () => {
    expect(ids(2 + 13 + 8 + 20 + 6)).toEqual(['id', 'name', 'key', 'note']);
    expect(ids(2 + 13 + 8 + 20 + 5)).toEqual(['id', 'name', 'note']);
    expect(ids(2 + 13 + 20 + 4)).toEqual(['id', 'name', 'note']);
    expect(ids(2 + 13 + 20 + 3)).toEqual(['id', 'name']);
    const fitted = fitColumnsToWidth(COLUMNS, titles, cells, 30, 2);
    expect(fitted.indexes).toEqual([0, 1]);
  });

  it('Given too little room even for priority 1, Then the widest column narrows but not below the minimum', () => {
    const fitted = fitColumnsToWidth(COLUMNS, titles, cells, 10, 2);
    expect(fitted.columns.map((kept) => kept.id)).toEqual(['id', 'name']);
    expect(fitted.widths).toEqual([2, 6]);
    expect(tableWidth(fitted.widths, 2)).toBe(10);
    const squeezed = fitColumnsToWidth(COLUMNS, titles, cells, 3, 2);
    expect(squeezed.widths).toEqual([2, MIN_COLUMN_CELLS]);
  });

  it('Given a cap and a minimum, Then natural widths are capped and narrowing stops at the minimum', () => {
    const capped = fitColumnsToWidth(COLUMNS, titles, cells, 200, 2, { maxWidth: 10 });
    expect(capped.widths).toEqual([2, 10, 8, 10]);
    const floored = fitColumnsToWidth(COLUMNS, titles, cells, 3, 2, { minWidth: 6 });
    expect(floored.widths).toEqual([2, 6]);
  });

  it('Given no rows, Then the titles alone set the widths', () => {
    const fitted = fitColumnsToWidth(COLUMNS, titles, [], 200, 1);
    expect(fitted.widths).toEqual(titles.map((title) => displayWidth(title)));
  });
});
