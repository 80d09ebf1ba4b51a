// The column settings of a table (console-screens §3 "Column settings"): a menu of checkboxes, one per
// column, with a select-all box that is checked, clear or indeterminate; the hidden columns are left out
// client-side and remembered per screen. The rules live here so the box states never drift per face.
import type { ColumnDef } from '../format/columns.js';

/** The select-all box: checked when every column shows, indeterminate when only some do. */
export interface SelectAllState {
  checked: boolean;
  indeterminate: boolean;
}

/** The select-all box of a set of columns with some hidden. */
export function selectAllState<Row>(
  columns: readonly ColumnDef<Row>[],
  hidden: ReadonlySet<string>,
): SelectAllState {
  const hiddenHere = columns.filter((column) => hidden.has(column.id)).length;
  return { checked: hiddenHere === 0, indeterminate: hiddenHere > 0 && hiddenHere < columns.length };
}

/** What a click on the select-all box leaves hidden: nothing when any was hidden, else every column. */
export function toggleAllColumns<Row>(
  columns: readonly ColumnDef<Row>[],
  hidden: ReadonlySet<string>,
): Set<string> {
  return selectAllState(columns, hidden).checked ? new Set(columns.map((column) => column.id)) : new Set();
}

/** The columns left showing. */
export function shownColumns<Row>(
  columns: readonly ColumnDef<Row>[],
  hidden: ReadonlySet<string>,
): ColumnDef<Row>[] {
  return columns.filter((column) => !hidden.has(column.id));
}

/**
 * The hidden column ids remembered for a screen, read from what storage held (any JSON): a list of
 * strings; anything else is nothing hidden, so a damaged entry never hides a table.
 */
export function hiddenColumnsFrom(stored: unknown): Set<string> {
  return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
}
