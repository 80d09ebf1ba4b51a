// The audit trail (issue 15): one row per administrative change (or refused attempt) and per sign-in lock.
// Append-only: the API only reads it. Frozen: never edit after release; add a new migration instead.
import {
  type ColumnDefinitionBuilder,
  type Kysely,
  MysqlAdapter,
  PostgresAdapter,
  SqliteAdapter,
  sql,
} from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

/** A 64-bit auto-incrementing key: the trail grows without end. */
function idColumn(db: AnyDb): ['bigserial' | 'integer' | 'bigint', IdColumn] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return ['bigserial', (col) => col.primaryKey()];
  // SQLite's rowid alias must be spelled INTEGER.
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return [isSqlite ? 'integer' : 'bigint', (col) => col.primaryKey().autoIncrement()];
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db);
  await db.schema
    .createTable('audit_logs')
    .addColumn('id', idType, idSpec)
    // Unix seconds.
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    // The actor (0 and '' when none is signed in: the sign-in throttle's locks).
    .addColumn('user_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('username', sql`varchar(64)`, (col) => col.notNull().defaultTo(''))
    .addColumn('role', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ip', sql`varchar(64)`, (col) => col.notNull().defaultTo(''))
    // `<resource>.<verb>`, e.g. `channel.update`; `resource` is its first part, kept for filtering.
    .addColumn('action', sql`varchar(64)`, (col) => col.notNull())
    .addColumn('resource', sql`varchar(32)`, (col) => col.notNull())
    .addColumn('resource_id', sql`varchar(191)`, (col) => col.notNull().defaultTo(''))
    .addColumn('method', sql`varchar(8)`, (col) => col.notNull().defaultTo(''))
    .addColumn('path', sql`varchar(255)`, (col) => col.notNull().defaultTo(''))
    // 1 = the change was made; 0 = it was refused (`error` holds the refusal's code).
    .addColumn('success', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('error', sql`varchar(64)`, (col) => col.notNull().defaultTo(''))
    // JSON: { field: { before, after } }, secrets masked. MySQL's TEXT stops at 64 KB, which a channel's
    // model list on both sides can pass: MEDIUMTEXT there (SQLite's and PostgreSQL's text have no limit).
    .addColumn(
      'changes',
      db.getExecutor().adapter instanceof MysqlAdapter ? sql`mediumtext` : 'text',
      (col) => col.notNull(),
    )
    .execute();
  await db.schema.createIndex('idx_audit_logs_created_at').on('audit_logs').column('created_at').execute();
  await db.schema.createIndex('idx_audit_logs_user').on('audit_logs').column('user_id').execute();
  await db.schema.createIndex('idx_audit_logs_action').on('audit_logs').column('action').execute();
  await db.schema
    .createIndex('idx_audit_logs_resource')
    .on('audit_logs')
    .columns(['resource', 'resource_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_logs').execute();
}
