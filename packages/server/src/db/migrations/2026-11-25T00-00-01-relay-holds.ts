// The relay's open holds: one row per database hold not yet settled or refunded, written in the hold's own
// transaction and deleted in the settlement's, so a process killed at any instant leaves either the row (the
// next start refunds it) or the settlement. Frozen: never edit after release; add a new migration instead.
// Works on Kysely<any> and imports no application code.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('relay_holds')
    .addColumn('request_id', sql`varchar(64)`, (col) => col.primaryKey())
    // The process that took it (node id and its data folder's identity): a start refunds only its own.
    .addColumn('owner', sql`varchar(128)`, (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('token_id', 'integer', (col) => col.notNull())
    .addColumn('token_unlimited', 'integer', (col) => col.notNull())
    .addColumn('points', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idx_relay_holds_owner').on('relay_holds').column('owner').execute();
  await db.schema.createIndex('idx_relay_holds_created').on('relay_holds').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('relay_holds').execute();
}
