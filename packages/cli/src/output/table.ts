import {
  type ColumnContext,
  type ColumnDef,
  displayWidth,
  fitColumnsToWidth,
  padCells,
  renderRows,
  truncateCells,
} from '@gw/core';
import type { CliColor } from './color.js';

const GAP = '  ';

export interface TableOptions<Row> {
  columns: readonly ColumnDef<Row>[];
  ctx: ColumnContext;
  paint: (color: CliColor, text: string) => string;
  /** Terminal width; columns with the highest priority numbers drop first to fit it. */
  width?: number;
  /** Colour of one cell (e.g. a token's status); plain when omitted. */
  cellColor?: (column: ColumnDef<Row>, row: Row) => CliColor;
}

/** An aligned table with a header row, for a terminal (gh's TTY output). */
export function renderTable<Row>(rows: readonly Row[], options: TableOptions<Row>): string {
  const { ctx, paint } = options;
  const titles = options.columns.map((column) => ctx.t(column.titleKey).toUpperCase());
  const allCells = renderRows(rows, options.columns, ctx);
  const { columns, widths, indexes } = fitColumnsToWidth(
    options.columns,
    titles,
    allCells,
    options.width ?? Number.POSITIVE_INFINITY,
    GAP.length,
  );
  const pick = (values: readonly string[]) => indexes.map((index) => values[index] ?? '');
  const line = (values: readonly string[], color: (index: number) => CliColor) =>
    values
      .map((value, index) => {
        const width = widths[index] ?? 0;
        const text = truncateCells(value, width);
        const padded = index === values.length - 1 ? text : padCells(text, width);
        return paint(color(index), padded);
      })
      .join(GAP)
      .trimEnd();
  const out = [line(pick(titles), () => 'bold')];
  rows.forEach((row, rowIndex) => {
    const color = (index: number) => {
      const column = columns[index];
      return column && options.cellColor ? options.cellColor(column, row) : 'plain';
    };
    out.push(line(pick(allCells[rowIndex] ?? []), color));
  });
  return `${out.join('\n')}\n`;
}

/** Makes a value safe for one TSV cell: tabs and line breaks become spaces. */
export function tsvCell(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

/** Tab-separated rows with no header, no colour and no truncation (gh's piped output). */
export function renderTsv<Row>(
  rows: readonly Row[],
  columns: readonly ColumnDef<Row>[],
  ctx: ColumnContext,
): string {
  return rows
    .map((row) => `${columns.map((column) => tsvCell(column.value(row, ctx))).join('\t')}\n`)
    .join('');
}

/** One record as `label  value` lines for a terminal. */
export function renderRecord(
  pairs: ReadonlyArray<readonly [string, string]>,
  paint: TableOptions<never>['paint'],
): string {
  const width = Math.max(0, ...pairs.map(([label]) => displayWidth(label)));
  return pairs
    .map(([label, value]) => `${paint('bold', padCells(`${label}:`, width + 1))} ${value}\n`)
    .join('');
}

/** One record as `field<TAB>value` lines for a pipe. */
export function renderRecordTsv(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([field, value]) => `${tsvCell(field)}\t${tsvCell(value)}\n`).join('');
}
