// Indexes for the log lists, stats and dashboards at a million rows and more (bench/logs.bench.mjs).
// Frozen: never edit after release; add a new migration instead. Works on Kysely<any>, no app imports.
//
// Lists page newest first (`created_at desc, id desc`) through an inner query that selects ids only.
// SQLite and InnoDB append the primary key to every secondary index, so (user_id, created_at) already
// covers that inner query there; PostgreSQL does not, so its two list indexes are rebuilt with `id`.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('idx_logs_user_created').execute();
    await db.schema.dropIndex('idx_logs_username_created').execute();
    await db.schema
      .createIndex('idx_logs_user_created')
      .on('logs')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('idx_logs_username_created')
      .on('logs')
      .columns(['username', 'created_at', 'id'])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('idx_logs_user_created').execute();
    await db.schema.dropIndex('idx_logs_username_created').execute();
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
  }
}
