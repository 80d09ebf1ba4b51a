import type { ColumnDef } from '@gw/core';
import { columnsForWidth } from '@gw/core';
import { textWidth } from './text-width.js';

/** The widest a column grows before its cells are cut. */
const MAX_COLUMN_WIDTH = 36;
const MIN_COLUMN_WIDTH = 4;

export interface FittedColumns<Row> {
  columns: ColumnDef<Row>[];
  widths: number[];
}

/**
 * Chooses the columns that fit `available` cells: drops the highest priority numbers first
 * (core's `columnsForWidth`), then narrows the widest columns if the priority-1 set is still too wide.
 */
export function fitColumns<Row>(
  columns: readonly ColumnDef<Row>[],
  titles: readonly string[],
  cells: readonly string[][],
  available: number,
  gap: number,
): FittedColumns<Row> {
  const natural = columns.map((_, index) =>
    Math.min(
      MAX_COLUMN_WIDTH,
      Math.max(textWidth(titles[index] ?? ''), ...cells.map((row) => textWidth(row[index] ?? ''))),
    ),
  );
  const widthOf = (kept: readonly ColumnDef<Row>[]) =>
    kept.reduce((sum, column) => sum + (natural[columns.indexOf(column)] ?? 0), 0) +
    gap * Math.max(0, kept.length - 1);
  const priorities = [...new Set(columns.map((column) => column.priority))].sort((a, b) => b - a);
  let kept = [...columns];
  for (const priority of priorities) {
    kept = columnsForWidth(columns, priority);
    if (widthOf(kept) <= available) break;
  }
  const widths = kept.map((column) => natural[columns.indexOf(column)] ?? MIN_COLUMN_WIDTH);
  let excess = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, kept.length - 1) - available;
  while (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] ?? 0) <= MIN_COLUMN_WIDTH) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    excess -= 1;
  }
  return { columns: kept, widths };
}
