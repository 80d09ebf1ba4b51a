import { z } from 'zod';

/** Fields the list of set-aside ledger entries may be sorted by. */
export const LEDGER_REJECT_SORT_FIELDS = ['id', 'created_at'] as const;

/**
 * A relay settlement the database refused, set aside so it did not block the others (GET /api/ledger/rejects,
 * admin). `applied`: the charge went in and only its consume log row was refused. `entry` is the entry as the
 * ledger had it (JSON); times are unix seconds.
 */
export const ledgerRejectSchema = z.looseObject({
  id: z.number().int(),
  request_id: z.string(),
  node_id: z.string(),
  applied: z.boolean(),
  entry: z.unknown(),
  error: z.string(),
  created_at: z.number().int(),
});
export type LedgerReject = z.infer<typeof ledgerRejectSchema>;
