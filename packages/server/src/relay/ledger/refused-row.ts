// Tells a row the database refuses (its data can never be stored: bad encoding, too long, out of range, a
// constraint) from a failure that may pass (connection lost, deadlock, serialization, busy/locked, a
// missing table during an upgrade). Only the first is isolated and set aside; everything else is retried
// as it is, so a database outage never turns good settlements into rejects.

/** SQLite primary result codes of a refused value: TOOBIG, CONSTRAINT, MISMATCH. */
const SQLITE_REFUSED = new Set([18, 19, 20]);
/**
 * MySQL errors of a refused value whose SQLSTATE is not of class 22/23: 1366 incorrect string value
 * (invalid UTF-8), 1265 data truncated, 1292 incorrect datetime/number value, 3140 invalid JSON.
 */
const MYSQL_REFUSED = new Set([1265, 1292, 1366, 3140]);

/** SQLSTATE class 22 (data exception) or 23 (integrity constraint violation): the same on PG and MySQL. */
function isDataState(state: unknown): boolean {
  return typeof state === 'string' && /^2[23][0-9A-Z]{3}$/.test(state);
}

/** Whether `error` says the database refused a value of the statement, so retrying it can never work. */
export function isRefusedRow(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const fields = error as { code?: unknown; errcode?: unknown; sqlState?: unknown; errno?: unknown };
  // node:sqlite: `errcode` is the extended result code; its low byte is the primary one.
  if (typeof fields.errcode === 'number') return SQLITE_REFUSED.has(fields.errcode & 0xff);
  // mysql2: `sqlState` and `errno`.
  if (typeof fields.sqlState === 'string') {
    return (
      isDataState(fields.sqlState) || (typeof fields.errno === 'number' && MYSQL_REFUSED.has(fields.errno))
    );
  }
  // pg: `code` is the SQLSTATE.
  return isDataState(fields.code);
}
