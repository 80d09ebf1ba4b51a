import type { Translate } from '../i18n/i18n.js';
import type { QuotaDisplay } from './quota.js';

/** What a column needs to turn a row into text: translation, quota settings and a time style. */
export interface ColumnContext {
  t: Translate;
  quota: QuotaDisplay;
  /** Formats unix seconds: local `YYYY-MM-DD HH:mm:ss` on screens, ISO on pipes. */
  time: (unixSeconds: number) => string;
}

/** One column of a resource table, defined once in core and drawn by every face. */
export interface ColumnDef<Row> {
  id: string;
  /** i18n key of the header. */
  titleKey: string;
  /** The API sort field when the column is sortable. */
  sortField?: string;
  /** 1 always shows; higher numbers are dropped first when space is short. */
  priority: number;
  value: (row: Row, ctx: ColumnContext) => string;
}

/** The columns that fit a width budget: drops the highest priority numbers first. */
export function columnsForWidth<Row>(
  columns: readonly ColumnDef<Row>[],
  maxPriority: number,
): ColumnDef<Row>[] {
  return columns.filter((column) => column.priority <= maxPriority);
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
