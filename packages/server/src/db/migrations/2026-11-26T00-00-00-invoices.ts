// Monthly bills (gateway-behaviour §12.3): each user's consume logs summed per month and model, and one
// row per month already made, which guards the job so a month is made once however many processes run.
// Frozen: never edit after release; add a new migration instead. Works on Kysely<any>, no app imports.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('invoice_months')
    // The month's first day, `YYYY-MM-01`.
    .addColumn('date', sql`varchar(10)`, (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('model_name', sql`varchar(255)`, (col) => col.notNull())
    .addColumn('request_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('request_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_invoice_months', ['date', 'user_id', 'model_name'])
    .execute();
  // A user's bill list and a month's sheet both start from the user.
  await db.schema
    .createIndex('idx_invoice_months_user_date')
    .on('invoice_months')
    .columns(['user_id', 'date'])
    .execute();
  await db.schema
    .createTable('invoice_month_runs')
    .addColumn('date', sql`varchar(10)`, (col) => col.primaryKey())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('invoice_month_runs').execute();
  await db.schema.dropTable('invoice_months').execute();
}
