// The relay ledger's set-aside entries: a settlement the database refused (a value it cannot store, a
// constraint) is kept here with the error instead of blocking every later batch, for an admin to read at
// GET /api/ledger/rejects. Frozen: never edit after release; add a new migration instead. Works on
// Kysely<any> and imports no application code.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, SqliteAdapter, sql } from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function idColumn(db: AnyDb): ['bigserial' | 'integer' | 'bigint', IdColumn] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return ['bigserial', (col) => col.primaryKey()];
  // SQLite's rowid alias must be spelled INTEGER.
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return [isSqlite ? 'integer' : 'bigint', (col) => col.primaryKey().autoIncrement()];
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db);
  await db.schema
    .createTable('ledger_rejects')
    .addColumn('id', idType, idSpec)
    .addColumn('request_id', sql`varchar(64)`, (col) => col.notNull())
    .addColumn('node_id', sql`varchar(64)`, (col) => col.notNull())
    // 1 = the counters were applied and only the consume log row was refused; 0 = nothing was applied.
    .addColumn('applied', 'integer', (col) => col.notNull().defaultTo(0))
    // The entry as journaled (JSON; control characters are escaped, so any entry fits).
    .addColumn('entry', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('idx_ledger_rejects_created')
    .on('ledger_rejects')
    .column('created_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ledger_rejects').execute();
}
