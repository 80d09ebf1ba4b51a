import { PAGE_SIZES } from '@gw/core';
import { readPageSize, writePageSize } from '../../lib/storage';

/** The list's default order: newest first. */
export const DEFAULT_TOKEN_ORDER = '-id';
const PAGE_SIZE_KEY = 'token';

// The order and page rules moved to the kit (every table shares them); kept importable from here.
export { nextOrder, orderDirection, pageCount } from '../../kit/list-order';

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
