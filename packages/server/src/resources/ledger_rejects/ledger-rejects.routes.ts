// GET /api/ledger/rejects (admin): relay settlements the database refused and the ledger set aside
// (issue 8), newest first, so an operator can see and settle them by hand.
import { LEDGER_REJECT_SORT_FIELDS, ledgerRejectSchema, listQuerySchema, pagedSchema } from '@gw/core';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { LedgerRejectRow } from '../../db/tables.js';
import { listRequest } from '../../shared/listing.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { LedgerRejectsRepository } from './ledger-rejects.repository.js';

const listQuery = listQuerySchema.extend({ request_id: z.string().default('') });

/** The stored entry parsed back (it was written as JSON); kept as text if it somehow is not. */
function parsedEntry(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function rejectRowToWire(row: Selectable<LedgerRejectRow>) {
  return {
    id: Number(row.id),
    request_id: row.request_id,
    node_id: row.node_id,
    applied: Number(row.applied) === 1,
    entry: parsedEntry(row.entry),
    error: row.error,
    created_at: Number(row.created_at),
  };
}

export function ledgerRejectRoutes(rejects: LedgerRejectsRepository): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/ledger/rejects',
      guard: 'admin',
      tag: 'ledger',
      summary: 'List relay settlements the database refused and the ledger set aside (filter request_id)',
      query: listQuery,
      reply: pagedSchema(ledgerRejectSchema),
      handler: async ({ query }) => {
        const request = listRequest(query, LEDGER_REJECT_SORT_FIELDS);
        const { rows, total } = await rejects.list(query, request);
        return {
          data: rows.map(rejectRowToWire),
          page: request.page,
          size: request.size,
          total_count: total,
        };
      },
    }),
  ];
}
