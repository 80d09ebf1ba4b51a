// Multi-row INSERTs of the ledger's batches (up to 200 consume logs of ~20 columns, 250 marks) with the
// query compiled once per shape. Building and compiling Kysely's tree for 4,000 values was a sixth of the
// SQLite writer thread's time, and on PostgreSQL or MySQL it runs on the relay's own event loop. The SQL
// of N rows with the same columns only depends on the dialect, the table, the columns and N, so it is
// compiled once and run again with the new rows' values, in the order Kysely binds them (row by row,
// column by column).
import type { CompiledQuery, Insertable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { GwTables } from '../../db/tables.js';

/** Compiled INSERTs kept (distinct row counts × tables × dialects); the map starts over when full. */
const MAX_TEMPLATES = 1024;
let templates = new Map<string, CompiledQuery>();

/** The columns Kysely writes for a row: its keys whose value is not undefined, in their order. */
function columnsOf(row: object): string[] {
  return Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined);
}

function hasColumns(row: object, columns: readonly string[]): boolean {
  const values = row as Record<string, unknown>;
  let count = 0;
  for (const key in values) if (values[key] !== undefined) count += 1;
  return count === columns.length && columns.every((column) => values[column] !== undefined);
}

/** Inserts `rows` into `table` in one statement, as `insertInto(table).values(rows)` would. */
export async function insertRows<T extends keyof GwTables & string>(
  db: GwDb,
  table: T,
  rows: ReadonlyArray<Insertable<GwTables[T]>>,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = columnsOf(first);
  // Rows of different shapes get Kysely's own query (its DEFAULT for a missing value is not a parameter).
  if (!rows.every((row) => hasColumns(row, columns))) {
    await db
      .insertInto(table)
      .values(rows as Insertable<GwTables[T]>[])
      .execute();
    return;
  }
  // One row's SQL names the dialect, the table and the columns: with the row count, the template's key.
  const key = `${rows.length}\u0000${db.insertInto(table).values(first).compile().sql}`;
  let template = templates.get(key);
  if (!template) {
    template = db
      .insertInto(table)
      .values(rows as Insertable<GwTables[T]>[])
      .compile();
    if (templates.size >= MAX_TEMPLATES) templates = new Map();
    templates.set(key, template);
  }
  const parameters: unknown[] = new Array(rows.length * columns.length);
  let index = 0;
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    for (const column of columns) parameters[index++] = values[column];
  }
  await db.executeQuery({ ...template, parameters });
}
