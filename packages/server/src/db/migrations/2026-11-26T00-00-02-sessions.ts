// Server-side sessions (issue 15): the `session` cookie holds a random token, this table its SHA-256,
// so signing out, a password change or a ban ends a session in every process at once.
// Frozen: never edit after release; add a new migration instead. Works on Kysely<any>.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', sql`varchar(64)`, (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idx_sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('idx_sessions_last_seen').on('sessions').column('last_seen_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
