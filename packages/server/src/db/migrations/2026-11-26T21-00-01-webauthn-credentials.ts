// Passkeys (contract §1.3): one row per WebAuthn credential a user registered. The public key is the
// COSE key the authenticator gave, base64url; `sign_count` is the last counter seen, so a cloned
// authenticator replaying an older counter is refused.
// Frozen: never edit after release; add a new migration instead. Works on Kysely<any>, no app imports.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function idColumn(db: AnyDb): ['serial' | 'integer', IdColumn] {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return ['serial', (col) => col.primaryKey()];
  // SQLite's rowid alias must be spelled INTEGER, which MySQL's auto-increment takes too.
  return ['integer', (col) => col.primaryKey().autoIncrement()];
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idBuilder] = idColumn(db);
  await db.schema
    .createTable('webauthn_credentials')
    .addColumn('id', idType, idBuilder)
    .addColumn('user_id', 'integer', (col) => col.notNull())
    // base64url of the raw credential id. 700 characters (525 bytes) still fits MySQL's unique index
    // in utf8mb4; real authenticators' ids are 16–64 bytes, longer ones are refused at registration.
    .addColumn('credential_id', sql`varchar(700)`, (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('sign_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', sql`varchar(255)`, (col) => col.notNull().defaultTo(''))
    .addColumn('alias', sql`varchar(64)`, (col) => col.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('idx_webauthn_credentials_user')
    .on('webauthn_credentials')
    .column('user_id')
    .execute();
  // Looked up on every passkey sign-in, and one credential belongs to one account only.
  await db.schema
    .createIndex('uk_webauthn_credentials_credential')
    .on('webauthn_credentials')
    .column('credential_id')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webauthn_credentials').execute();
}
