// The logs table (contract §2.5): every top-up, consume, manage and system event. Frozen: never edit
// after release; add a new migration instead. Works on Kysely<any> and imports no application code.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, SqliteAdapter, sql } from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function idColumn(db: AnyDb): ['bigserial' | 'integer' | 'bigint', IdColumn] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return ['bigserial', (col) => col.primaryKey()];
  // SQLite's rowid alias must be spelled INTEGER; MySQL wants BIGINT for a table that grows without end.
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return [isSqlite ? 'integer' : 'bigint', (col) => col.primaryKey().autoIncrement()];
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db);
  const text = (length: number) => sql`varchar(${sql.raw(String(length))})`;
  await db.schema
    .createTable('logs')
    .addColumn('id', idType, idSpec)
    .addColumn('user_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('username', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('token_name', text(128), (col) => col.notNull().defaultTo(''))
    .addColumn('model_name', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('channel_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('request_time', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_stream', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('source_ip', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('metadata', 'text')
    .execute();
  // The lists filter by user or username within a time range and page newest first.
  await db.schema
    .createIndex('idx_logs_user_created')
    .on('logs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('idx_logs_username_created')
    .on('logs')
    .columns(['username', 'created_at'])
    .execute();
  await db.schema.createIndex('idx_logs_type_created').on('logs').columns(['type', 'created_at']).execute();
  await db.schema.createIndex('idx_logs_created').on('logs').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('logs').execute();
}
