import type { Translate } from '../i18n/i18n.js';
import type { CellChip, ChipStyle } from './chips.js';
import { displayWidth } from './cells.js';
import type { QuotaDisplay } from './quota.js';

/** What a column needs to turn a row into text: translation, quota settings and a time style. */
export interface ColumnContext {
  t: Translate;
  quota: QuotaDisplay;
  /** Formats unix seconds: local `YYYY-MM-DD HH:mm:ss` on screens, ISO on pipes. */
  time: (unixSeconds: number) => string;
}

/**
 * Which rows a list holds: the caller's own, or an admin's search across every owner's rows (the token
 * list's admin search, console-screens §2), whose layout adds the owner.
 */
export type ListView = 'own' | 'admin-search';

/** One column of a resource table, defined once in core and drawn by every face. */
export interface ColumnDef<Row> {
  id: string;
  /** i18n key of the header. */
  titleKey: string;
  /** The API sort field when the column is sortable. */
  sortField?: string;
  /** i18n key of a hint the header offers (a tooltip on the web). */
  helpKey?: string;
  /** Drawn as a label chip where the face has them (console-screens §0.8); plain text elsewhere. */
  chip?: boolean;
  /** The chip's colour and variant for this row (a role's colour); a grey soft chip when absent. */
  chipStyle?: (row: Row) => ChipStyle;
  /**
   * Several chips in one cell (a user's remaining, used and call figures); `value` stays the text a
   * pipe or a CSV gets.
   */
  chips?: (row: Row, ctx: ColumnContext) => readonly CellChip[];
  /** The value is an image's URL: the web shows the image (an owner's icon), text faces the URL. */
  image?: boolean;
  /** The cell's text can be copied with a click (a model id). */
  copy?: boolean;
  /**
   * Long text (a prompt, a failure reason) is shown cut to this many characters; the whole text shows on
   * hover and a click copies it (console-screens §20).
   */
  truncate?: number;
  /** Shown on the admin list only (the self list of a shared screen carries no channel or user). */
  adminOnly?: boolean;
  /**
   * Shown only on the admin search across owners (a token's owner, console-screens §2), never on a
   * list of one's own rows, an admin's included: there it would be one's own name on every row.
   */
  adminSearchOnly?: boolean;
  /** 1 always shows; higher numbers are dropped first when space is short. */
  priority: number;
  value: (row: Row, ctx: ColumnContext) => string;
}

/** The columns of a list view: the admin search's own columns only while an admin searches. */
export function columnsForView<Row>(columns: readonly ColumnDef<Row>[], view: ListView): ColumnDef<Row>[] {
  return columns.filter((column) => !column.adminSearchOnly || view === 'admin-search');
}

/** The columns that fit a width budget: drops the highest priority numbers first. */
export function columnsForWidth<Row>(
  columns: readonly ColumnDef<Row>[],
  maxPriority: number,
): ColumnDef<Row>[] {
  return columns.filter((column) => column.priority <= maxPriority);
}

/** The narrowest a column is squeezed to before the table is left wider than asked. */
export const MIN_COLUMN_CELLS = 4;

/** How `fitColumnsToWidth` sizes columns. */
export interface FitColumnsOptions {
  /** Never narrow a column below this many cells (default `MIN_COLUMN_CELLS`). */
  minWidth?: number;
  /** Cap every column at this many cells before fitting (default: no cap). */
  maxWidth?: number;
}

/** The columns kept for a width, their cell widths, and where each sits in the input columns. */
export interface FittedColumns<Row> {
  columns: ColumnDef<Row>[];
  widths: number[];
  /** For each kept column, its index in the input (and so in `titles` and each `cells` row). */
  indexes: number[];
}

/**
 * Fits a table into `available` cells: drops the highest priority numbers first (as
 * `columnsForWidth`) until the natural widths fit, then narrows the widest kept columns one cell
 * at a time down to `minWidth`. `titles` and each `cells` row hold one string per input column.
 */
export function fitColumnsToWidth<Row>(
  columns: readonly ColumnDef<Row>[],
  titles: readonly string[],
  cells: readonly (readonly string[])[],
  available: number,
  gap: number,
  options: FitColumnsOptions = {},
): FittedColumns<Row> {
  const minWidth = options.minWidth ?? MIN_COLUMN_CELLS;
  const maxWidth = options.maxWidth ?? Number.POSITIVE_INFINITY;
  const natural = columns.map((_, index) =>
    Math.min(
      maxWidth,
      Math.max(displayWidth(titles[index] ?? ''), ...cells.map((row) => displayWidth(row[index] ?? ''))),
    ),
  );
  const total = (widths: readonly number[]) =>
    widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);
  const priorities = [...new Set(columns.map((column) => column.priority))].sort((a, b) => b - a);
  let kept = [...columns];
  for (const priority of priorities) {
    kept = columnsForWidth(columns, priority);
    if (total(kept.map((column) => natural[columns.indexOf(column)] ?? 0)) <= available) break;
  }
  const indexes = kept.map((column) => columns.indexOf(column));
  const widths = indexes.map((index) => natural[index] ?? 0);
  while (total(widths) > available) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] ?? 0) <= minWidth) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
  }
  return { columns: kept, widths, indexes };
}

/** A cell's text cut to `limit` characters with an ellipsis (whole when it fits). */
export function truncateText(text: string, limit: number): string {
  const chars = [...text];
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : text;
}

/** Renders rows to a grid of strings (header excluded) with the given columns. */
export function renderRows<Row>(
  rows: readonly Row[],
  columns: readonly ColumnDef<Row>[],
  ctx: ColumnContext,
): string[][] {
  return rows.map((row) => columns.map((column) => column.value(row, ctx)));
}

/** Turns a sort state into the API's `order` parameter (`-field` = descending). */
export function orderParam(field: string | undefined, descending: boolean): string {
  if (!field) return '';
  return descending ? `-${field}` : field;
}
