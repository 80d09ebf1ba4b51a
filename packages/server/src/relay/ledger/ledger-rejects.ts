// Where the ledger puts an entry the database refused: a `ledger_rejects` row (with the entry's mark, so a
// replay of the same journal does not set it aside twice), or, when even that insert fails, a JSON line in
// `<dir>/relay-rejects/<nodeId>.jsonl` next to the journal. Either way the batch goes on without it.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GwDb } from '../../db/database.js';
import type { LedgerEntry } from './ledger-entry.js';

/** The longest error text kept (the database's message; a few hundred characters in practice). */
const MAX_ERROR_LENGTH = 2000;

/** One set-aside entry as the ledger reports it. */
export interface LedgerReject {
  /** The entry (or, for a journal line that is not one, the line as parsed). */
  entry: LedgerEntry | unknown;
  requestId: string;
  /** True when the counters were applied and only the consume log row was refused. */
  applied: boolean;
  error: string;
  /** Unix seconds. */
  at: number;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text of an error, stripped of what a text column may refuse (NUL, lone surrogates) and bounded. */
export function storableText(text: string, width: number): string {
  const cut = text.length <= width ? text : text.slice(0, width);
  return cut.replaceAll('\u0000', ' ').replace(LONE_SURROGATE, '\uFFFD');
}

export function errorText(error: unknown): string {
  return storableText(error instanceof Error ? error.message : String(error), MAX_ERROR_LENGTH);
}

/** The rejects file of a node (none without a journal folder). */
export function rejectsFile(dir: string | undefined, nodeId: string): string | undefined {
  return dir === undefined ? undefined : join(dir, 'relay-rejects', `${nodeId}.jsonl`);
}

/**
 * Keeps `reject`: in the table (with the entry's mark when nothing was applied, in one transaction), else in
 * the file. Returns where it went; 'lost' only when both failed (the caller logs the entry in full then).
 */
export async function keepReject(
  db: GwDb,
  reject: LedgerReject,
  nodeId: string,
  file: string | undefined,
): Promise<'table' | 'file' | 'lost'> {
  // JSON.stringify escapes NUL and lone surrogates, so the entry's text is storable whatever it holds.
  const entryJson = JSON.stringify(reject.entry) ?? 'null';
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('ledger_rejects')
        .values({
          request_id: storableText(reject.requestId, 64),
          node_id: nodeId,
          applied: reject.applied ? 1 : 0,
          entry: entryJson,
          error: reject.error,
          created_at: reject.at,
        })
        .execute();
      if (!reject.applied && reject.requestId !== '') {
        // An existing mark (whatever wrote it) must not turn a kept reject into a file line.
        const marked = await trx
          .selectFrom('relay_settlements')
          .select('request_id')
          .where('request_id', '=', reject.requestId)
          .executeTakeFirst();
        if (marked === undefined) {
          await trx
            .insertInto('relay_settlements')
            .values({ request_id: reject.requestId, created_at: reject.at })
            .execute();
        }
        // Its hold is left as it is, with the entry, for the operator: not refunded at the next start.
        await trx.deleteFrom('relay_holds').where('request_id', '=', reject.requestId).execute();
      }
    });
    return 'table';
  } catch (tableError) {
    if (file === undefined) return 'lost';
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      appendFileSync(
        file,
        `${JSON.stringify({ ...reject, entry: reject.entry, storeError: errorText(tableError) })}\n`,
      );
      return 'file';
    } catch {
      return 'lost';
    }
  }
}
