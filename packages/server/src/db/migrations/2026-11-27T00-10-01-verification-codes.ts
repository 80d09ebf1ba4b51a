// E-mail verification codes and password-reset tokens, where every process sees them: the mail may be
// sent by one worker of `gw serve --workers N` and the code checked by another. One row per purpose and
// address (keyed by their SHA-256), holding the code's SHA-256, its expiry and the wrong guesses so far.
// Frozen: never edit after release; add a new migration instead. Works on Kysely<any>, no app imports.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', sql`varchar(64)`, (col) => col.primaryKey())
    .addColumn('code_hash', sql`varchar(64)`, (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_verification_codes_expires')
    .on('verification_codes')
    .column('expires_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('verification_codes').execute();
}
