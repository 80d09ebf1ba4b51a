// Reads the relay ledger's set-aside entries (the ledger writes them, relay/ledger/ledger-rejects.ts).
import type { GwDb } from '../../db/database.js';
import type { LedgerRejectRow } from '../../db/tables.js';
import { type ListRequest, pageOf } from '../../shared/listing.js';

export interface LedgerRejectFilters {
  request_id: string;
}

export function createLedgerRejectsRepository(db: GwDb) {
  return {
    async list<F extends keyof LedgerRejectRow & string>(
      filters: LedgerRejectFilters,
      request: ListRequest<F>,
    ) {
      let base = db.selectFrom('ledger_rejects');
      if (filters.request_id) base = base.where('request_id', '=', filters.request_id);
      return pageOf(base, request);
    },
  };
}

export type LedgerRejectsRepository = ReturnType<typeof createLedgerRejectsRepository>;
