// Channels (upstream providers, contract §2.3). Frozen: never edit after release; add a new migration
// instead. Works on Kysely<any> and imports no application code.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key in each dialect's own spelling. */
function idColumn(db: AnyDb): ['serial' | 'integer', IdColumn] {
  if (isPostgres(db)) return ['serial', (col) => col.primaryKey()];
  return ['integer', (col) => col.primaryKey().autoIncrement()];
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db);
  const text = (length: number) => sql`varchar(${sql.raw(String(length))})`;
  // Text columns without a default: MySQL refuses defaults on TEXT, so the server always writes them.
  await db.schema
    .createTable('channels')
    .addColumn('id', idType, idSpec)
    .addColumn('type', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('name', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('weight', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('test_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('response_time', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('base_url', 'text', (col) => col.notNull())
    .addColumn('other', text(512), (col) => col.notNull().defaultTo(''))
    // The upstream's balance in its own currency (USD for OpenAI): a reading, not gw money.
    .addColumn('balance', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('balance_updated_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('models', 'text', (col) => col.notNull())
    .addColumn('group', text(512), (col) => col.notNull().defaultTo('default'))
    .addColumn('tag', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('used_quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('model_mapping', 'text', (col) => col.notNull())
    .addColumn('model_headers', 'text', (col) => col.notNull())
    .addColumn('custom_parameter', 'text', (col) => col.notNull())
    .addColumn('priority', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('proxy', text(512), (col) => col.notNull().defaultTo(''))
    .addColumn('test_model', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('only_chat', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pre_cost', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('compatible_response', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('allow_extra_body', 'integer', (col) => col.notNull().defaultTo(0))
    // JSON texts: a string array and a plugin object; NULL when unset (the wire omits or nulls them).
    .addColumn('disabled_stream', 'text')
    .addColumn('plugin', 'text')
    .execute();
  await db.schema.createIndex('idx_channels_status').on('channels').column('status').execute();
  await db.schema.createIndex('idx_channels_type').on('channels').column('type').execute();
  await db.schema.createIndex('idx_channels_tag').on('channels').column('tag').execute();
  await db.schema.createIndex('idx_channels_priority').on('channels').column('priority').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('channels').execute();
}
