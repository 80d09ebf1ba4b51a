import { PAGE_SIZES } from '@gw/core';
import { readPageSize, writePageSize } from '../../lib/storage';

/** The list's default order: newest first. */
export const DEFAULT_TOKEN_ORDER = '-id';
const PAGE_SIZE_KEY = 'token';

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

/** The token table's remembered page size. */
export function readTokenPageSize(): number {
  return readPageSize(PAGE_SIZE_KEY, PAGE_SIZES[0], PAGE_SIZES);
}

/** Remembers the token table's page size. */
export function writeTokenPageSize(size: number): void {
  writePageSize(PAGE_SIZE_KEY, size);
}

/** The server address users should put in place of api.openai.com. */
export function serverAddress(configured: string | undefined): string {
  return (configured || window.location.origin).replace(/\/+$/, '');
}
