// CSV export of a screen's list (issue 9): the current filter, every page, fetched one page at a
// time so no face ever holds more than a page of rows plus the text already written.
import type { ApiClient } from '../http/client.js';
import { MAX_PAGE_SIZE } from '../http/envelope.js';
import type { ColumnContext, ColumnDef } from '../format/columns.js';
import { type ScreenDef, type ScreenQuery, screenColumns } from './screen-model.js';

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (CRLF-terminated) of the given cells. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** The header line: the columns' translated titles. */
export function csvHeader<Row>(columns: readonly ColumnDef<Row>[], ctx: ColumnContext): string {
  return csvLine(columns.map((column) => ctx.t(column.titleKey)));
}

/** The lines of some rows, one cell per column as the column shows it. */
export function csvRows<Row>(
  columns: readonly ColumnDef<Row>[],
  rows: readonly Row[],
  ctx: ColumnContext,
): string {
  return rows.map((row) => csvLine(columns.map((column) => column.value(row, ctx)))).join('');
}

/** The export asks for the largest page the server gives. */
export const CSV_PAGE_SIZE = MAX_PAGE_SIZE;

/**
 * The CSV of a screen's whole list for a query (its filters and order), yielded a page at a time:
 * the header first (with a byte-order mark so spreadsheets read UTF-8), then each page's lines with
 * their row count. Stops at the last page or an empty one.
 */
export async function* screenCsvChunks<Row>(
  screen: Pick<ScreenDef<Row>, 'columns' | 'list' | 'listView'>,
  client: ApiClient,
  query: ScreenQuery,
  ctx: ColumnContext,
): AsyncGenerator<{ text: string; rows: number }> {
  // The table's columns for this query (an admin search adds the owner).
  const columns = screenColumns(screen, query);
  yield { text: `\uFEFF${csvHeader(columns, ctx)}`, rows: 0 };
  for (let page = 1; ; page += 1) {
    const result = await screen.list(client, { ...query, page, size: CSV_PAGE_SIZE });
    if (result.data.length === 0) return;
    yield { text: csvRows(columns, result.data, ctx), rows: result.data.length };
    if (page * CSV_PAGE_SIZE >= result.total_count) return;
  }
}
