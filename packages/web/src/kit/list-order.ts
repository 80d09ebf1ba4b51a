// How a list's header clicks and pager read the query: shared by every table of the console.

/** A header click: descending first, then ascending, then descending again. */
export function nextOrder(current: string, field: string): string {
  return current === `-${field}` ? field : `-${field}`;
}

/** How a column header shows the current order: 'asc', 'desc' or undefined. */
export function orderDirection(current: string, field: string | undefined): 'asc' | 'desc' | undefined {
  if (!field) return undefined;
  if (current === field) return 'asc';
  if (current === `-${field}`) return 'desc';
  return undefined;
}

/** The number of pages for a total (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page numbers a numbered pager shows: the first, the last and up to two either side of the
 * current one, with `null` where pages are left out (drawn as "…").
 */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let number = 1; number <= pages; number += 1) {
    if (number === 1 || number === pages || Math.abs(number - page) <= 2) shown.push(number);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}
