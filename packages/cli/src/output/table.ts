import { columnsForWidth, type ColumnContext, type ColumnDef } from '@gw/core';
import type { CliColor } from './color.js';
import { displayWidth, padCells, truncateCells } from './width.js';

const GAP = '  ';
const MIN_COLUMN_WIDTH = 6;

export interface TableOptions<Row> {
  columns: readonly ColumnDef<Row>[];
  ctx: ColumnContext;
  paint: (color: CliColor, text: string) => string;
  /** Terminal width; columns with the highest priority numbers drop first to fit it. */
  width?: number;
  /** Colour of one cell (e.g. a token's status); plain when omitted. */
  cellColor?: (column: ColumnDef<Row>, row: Row) => CliColor;
}

function tableWidth(widths: readonly number[]): number {
  return widths.reduce((sum, width) => sum + width, 0) + GAP.length * Math.max(0, widths.length - 1);
}

function measure(header: readonly string[], cells: readonly string[][]): number[] {
  return header.map((title, index) =>
    Math.max(displayWidth(title), ...cells.map((row) => displayWidth(row[index] ?? ''))),
  );
}

/** Picks the columns that fit `width`: drops priority 6, then 5, … down to the always-shown priority 1. */
export function fitColumns<Row>(
  rows: readonly Row[],
  columns: readonly ColumnDef<Row>[],
  ctx: ColumnContext,
  width: number | undefined,
): ColumnDef<Row>[] {
  const maxPriority = Math.max(1, ...columns.map((column) => column.priority));
  if (width === undefined) return [...columns];
  for (let priority = maxPriority; priority > 1; priority -= 1) {
    const chosen = columnsForWidth(columns, priority);
    const header = chosen.map((column) => ctx.t(column.titleKey));
    const cells = rows.map((row) => chosen.map((column) => column.value(row, ctx)));
    if (tableWidth(measure(header, cells)) <= width) return chosen;
  }
  return columnsForWidth(columns, 1);
}

/** Shrinks the widest columns until the table fits `width` (never below a readable minimum). */
function shrinkToFit(widths: number[], width: number | undefined): number[] {
  if (width === undefined) return widths;
  const out = [...widths];
  while (tableWidth(out) > width) {
    const widest = out.indexOf(Math.max(...out));
    if ((out[widest] ?? 0) <= MIN_COLUMN_WIDTH) break;
    out[widest] = (out[widest] ?? 0) - 1;
  }
  return out;
}

/** An aligned table with a header row, for a terminal (gh's TTY output). */
export function renderTable<Row>(rows: readonly Row[], options: TableOptions<Row>): string {
  const { ctx, paint } = options;
  const columns = fitColumns(rows, options.columns, ctx, options.width);
  const header = columns.map((column) => ctx.t(column.titleKey).toUpperCase());
  const cells = rows.map((row) => columns.map((column) => column.value(row, ctx)));
  const widths = shrinkToFit(measure(header, cells), options.width);
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
  const out = [line(header, () => 'bold')];
  rows.forEach((row, rowIndex) => {
    const color = (index: number) => {
      const column = columns[index];
      return column && options.cellColor ? options.cellColor(column, row) : 'plain';
    };
    out.push(line(cells[rowIndex] ?? [], color));
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
