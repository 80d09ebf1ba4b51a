// Redemption codes (§2.4), payment gateways (§2.6), orders (§2.7), Midjourney jobs (§2.13) and async
// tasks (§2.14). Frozen: never edit after release; add a new migration instead. Works on Kysely<any> and
// imports no application code.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, SqliteAdapter, sql } from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

/** An auto-incrementing key; `big` for tables that grow without end (jobs and tasks). */
function idColumn(db: AnyDb, big: boolean): ['serial' | 'bigserial' | 'integer' | 'bigint', IdColumn] {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return [big ? 'bigserial' : 'serial', (col) => col.primaryKey()];
  // SQLite's rowid alias must be spelled INTEGER.
  const type = adapter instanceof SqliteAdapter || !big ? 'integer' : 'bigint';
  return [type, (col) => col.primaryKey().autoIncrement()];
}

const text = (length: number) => sql`varchar(${sql.raw(String(length))})`;
// Fees and charged amounts are `num` in the contract: a double on every dialect.
const DOUBLE = sql`double precision`;

async function createRedemptions(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db, false);
  await db.schema
    .createTable('redemptions')
    .addColumn('id', idType, idSpec)
    .addColumn('user_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('key', text(32), (col) => col.notNull().unique())
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('name', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (col) => col.notNull().defaultTo(100))
    .addColumn('created_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('redeemed_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('used_user_id', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_redemptions_name').on('redemptions').column('name').execute();
  await db.schema
    .createIndex('idx_redemptions_status_redeemed')
    .on('redemptions')
    .columns(['status', 'redeemed_time'])
    .execute();
}

async function createPayments(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db, false);
  await db.schema
    .createTable('payments')
    .addColumn('id', idType, idSpec)
    .addColumn('type', text(16), (col) => col.notNull())
    .addColumn('uuid', text(32), (col) => col.notNull().unique())
    .addColumn('name', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('icon', text(512), (col) => col.notNull().defaultTo(''))
    .addColumn('notify_domain', text(512), (col) => col.notNull().defaultTo(''))
    .addColumn('fixed_fee', DOUBLE, (col) => col.notNull().defaultTo(0))
    .addColumn('percent_fee', DOUBLE, (col) => col.notNull().defaultTo(0))
    .addColumn('currency', text(8), (col) => col.notNull())
    .addColumn('config', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  const [orderIdType, orderIdSpec] = idColumn(db, true);
  await db.schema
    .createTable('orders')
    .addColumn('id', orderIdType, orderIdSpec)
    .addColumn('gateway_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('trade_no', text(64), (col) => col.notNull().unique())
    .addColumn('gateway_no', text(128), (col) => col.notNull().defaultTo(''))
    .addColumn('amount', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('order_amount', DOUBLE, (col) => col.notNull().defaultTo(0))
    .addColumn('order_currency', text(8), (col) => col.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('fee', DOUBLE, (col) => col.notNull().defaultTo(0))
    .addColumn('discount', DOUBLE, (col) => col.notNull().defaultTo(0))
    .addColumn('status', text(16), (col) => col.notNull().defaultTo('pending'))
    .addColumn('created_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_orders_user_created')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('idx_orders_gateway').on('orders').column('gateway_id').execute();
  await db.schema.createIndex('idx_orders_created').on('orders').column('created_at').execute();
}

async function createMidjourneys(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db, true);
  await db.schema
    .createTable('midjourneys')
    .addColumn('id', idType, idSpec)
    .addColumn('code', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('action', text(40), (col) => col.notNull().defaultTo(''))
    .addColumn('mj_id', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('prompt_en', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('submit_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('image_url', 'text', (col) => col.notNull())
    .addColumn('status', text(20), (col) => col.notNull().defaultTo(''))
    .addColumn('progress', text(30), (col) => col.notNull().defaultTo(''))
    .addColumn('fail_reason', 'text', (col) => col.notNull())
    .addColumn('channel_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('buttons', 'text', (col) => col.notNull())
    .addColumn('properties', 'text', (col) => col.notNull())
    .addColumn('mode', text(16), (col) => col.notNull().defaultTo(''))
    .addColumn('token_id', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_midjourneys_user_submit')
    .on('midjourneys')
    .columns(['user_id', 'submit_time'])
    .execute();
  await db.schema.createIndex('idx_midjourneys_submit').on('midjourneys').column('submit_time').execute();
  await db.schema.createIndex('idx_midjourneys_mj_id').on('midjourneys').column('mj_id').execute();
}

async function createTasks(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db, true);
  await db.schema
    .createTable('tasks')
    .addColumn('id', idType, idSpec)
    .addColumn('created_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('task_id', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('platform', text(30), (col) => col.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('channel_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('action', text(40), (col) => col.notNull().defaultTo(''))
    .addColumn('status', text(20), (col) => col.notNull().defaultTo(''))
    .addColumn('fail_reason', 'text', (col) => col.notNull())
    .addColumn('submit_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('properties', 'text')
    .addColumn('data', 'text')
    .addColumn('notify_hook', 'text', (col) => col.notNull())
    .addColumn('token_id', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_tasks_user_submit')
    .on('tasks')
    .columns(['user_id', 'submit_time'])
    .execute();
  await db.schema.createIndex('idx_tasks_submit').on('tasks').column('submit_time').execute();
  await db.schema.createIndex('idx_tasks_task_id').on('tasks').column('task_id').execute();
}

export async function up(db: AnyDb): Promise<void> {
  await createRedemptions(db);
  await createPayments(db);
  await createMidjourneys(db);
  await createTasks(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['tasks', 'midjourneys', 'orders', 'payments', 'redemptions']) {
    await db.schema.dropTable(table).execute();
  }
}
