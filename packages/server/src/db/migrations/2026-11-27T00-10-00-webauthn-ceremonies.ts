// Passkey ceremonies between their begin and finish calls, where every process sees them: the finish
// call may reach another worker than the begin call did. One row per begun ceremony, keyed by the
// random id of the browser's `webauthn_session` cookie, deleted when used or past `expires_at`.
// Frozen: never edit after release; add a new migration instead. Works on Kysely<any>, no app imports.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('webauthn_ceremonies')
    .addColumn('id', sql`varchar(64)`, (col) => col.primaryKey())
    .addColumn('ceremony', sql`varchar(2048)`, (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('idx_webauthn_ceremonies_expires')
    .on('webauthn_ceremonies')
    .column('expires_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webauthn_ceremonies').execute();
}
