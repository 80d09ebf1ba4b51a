// The relay's settlement marks: one row per request whose settlement or refund the ledger has applied, so
// replaying a journal after a crash never applies a charge twice. Frozen: never edit after release; add a
// new migration instead. Works on Kysely<any> and imports no application code.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('relay_settlements')
    .addColumn('request_id', sql`varchar(64)`, (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // Replay prunes marks older than two days.
  await db.schema
    .createIndex('idx_relay_settlements_created')
    .on('relay_settlements')
    .column('created_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('relay_settlements').execute();
}
