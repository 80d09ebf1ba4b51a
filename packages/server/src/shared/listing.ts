// Paging, sorting and keyword rules every list endpoint shares (contract §0.4).
import { listQuerySchema, MAX_PAGE_SIZE } from '@gw/core';
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { ApiFailure } from './api-failure.js';

export type SortDirection = 'asc' | 'desc';

export interface ListRequest<F extends string> {
  page: number;
  size: number;
  /** Validated sort terms; `id desc` closes the list so pages are stable. */
  orders: Array<[F, SortDirection]>;
  keyword: string;
}

/** The query of a list endpoint as declared in the route table. */
export const listQueryInputSchema = listQuerySchema;

/** Applies the contract's rules: page < 1 → 1, size < 1 → 10, size > 100 refused, order whitelisted. */
export function listRequest<F extends string>(
  query: { page: number; size: number; order: string; keyword: string },
  sortFields: readonly F[],
): ListRequest<F> {
  const page = Math.max(query.page, 1);
  const size = query.size < 1 ? 10 : query.size;
  if (size > MAX_PAGE_SIZE) {
    throw new ApiFailure('VALIDATION_FAILED', 'errors.page_size_too_large', {
      params: { max: MAX_PAGE_SIZE },
    });
  }
  const orders: Array<[F, SortDirection]> = [];
  for (const term of query.order.split(',')) {
    const text = term.trim();
    if (!text) continue;
    const direction: SortDirection = text.startsWith('-') ? 'desc' : 'asc';
    const field = text.replace(/^[-+]/, '');
    if (!(sortFields as readonly string[]).includes(field)) {
      throw new ApiFailure('VALIDATION_FAILED', 'errors.sort_not_allowed', { params: { field } });
    }
    orders.push([field as F, direction]);
  }
  if (!orders.some(([field]) => field === 'id')) orders.push(['id' as F, 'desc']);
  return { page, size, orders, keyword: query.keyword };
}

/** A LIKE pattern matching values that start with `prefix`, wildcards escaped with `!` (portable). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

/** One page of a list and the number of rows its filters match. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * Counts the rows `base` (a filtered select without columns) matches, then reads one page of them ordered by
 * the validated terms of `request`. Rows come back as the stored rows of the one table `base` reads.
 */
export async function pageOf<DB, TB extends keyof DB, F extends string>(
  base: SelectQueryBuilder<DB, TB, object>,
  request: ListRequest<F>,
): Promise<Page<Selectable<DB[TB]>>> {
  const countRow = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  let query = base.selectAll();
  for (const [field, direction] of request.orders) query = query.orderBy(sql.ref(field), direction);
  const rows = await query
    .limit(request.size)
    .offset((request.page - 1) * request.size)
    .execute();
  return {
    rows: rows as Selectable<DB[TB]>[],
    total: Number((countRow as { n?: unknown } | undefined)?.n ?? 0),
  };
}
