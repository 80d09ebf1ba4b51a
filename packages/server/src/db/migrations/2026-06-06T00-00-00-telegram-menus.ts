// Telegram bot menus (contract §2.12): one row per custom command. Frozen: never edit after release; add a
// new migration instead. Works on Kysely<any> and imports no application code.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function idColumn(db: AnyDb): ['serial' | 'integer', IdColumn] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return ['serial', (col) => col.primaryKey()];
  return ['integer', (col) => col.primaryKey().autoIncrement()];
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db);
  const text = (length: number) => sql`varchar(${sql.raw(String(length))})`;
  await db.schema
    .createTable('telegram_menus')
    .addColumn('id', idType, idSpec)
    .addColumn('command', text(32), (col) => col.notNull().unique())
    .addColumn('description', text(256), (col) => col.notNull().defaultTo(''))
    .addColumn('parse_mode', text(16), (col) => col.notNull().defaultTo('MarkdownV2'))
    .addColumn('reply_message', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('telegram_menus').execute();
}
