import {
  type ApiClient,
  type ColumnContext,
  type ScreenDef,
  type ScreenQuery,
  screenCsvChunks,
} from '@gw/core';

/**
 * Downloads a screen's whole list under its current filter and order as CSV: pages are fetched one
 * by one and their text appended to the Blob's parts, so the rows themselves are never kept.
 * Answers how many rows were written.
 */
export async function downloadScreenCsv<Row>(
  screen: Pick<ScreenDef<Row>, 'columns' | 'list' | 'listView' | 'id'>,
  client: ApiClient,
  query: ScreenQuery,
  ctx: ColumnContext,
): Promise<number> {
  const parts: string[] = [];
  let rows = 0;
  for await (const chunk of screenCsvChunks(screen, client, query, ctx)) {
    parts.push(chunk.text);
    rows += chunk.rows;
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${screen.id}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return rows;
}
