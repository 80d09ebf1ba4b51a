// Indexes for the log screen's other filters (issue 10): model, token, channel and source IP, and a
// user's own token and model, each with the time range and id after it, so a filtered page, its count
// and each export batch read one index range newest first instead of walking every log in the window
// (bench/logs.bench.mjs, 1 000 000 rows). Frozen: never edit after release; add a new migration
// instead. Works on Kysely<any> and imports no application code.
import { type Kysely, MysqlAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

/** Each index's leading columns; all of them end in (created_at, id), the lists' and the export's order. */
const INDEXES: Record<string, string[]> = {
  idx_logs_model_created: ['model_name'],
  idx_logs_token_created: ['token_name'],
  idx_logs_channel_created: ['channel_id'],
  idx_logs_source_ip_created: ['source_ip'],
  // A user's own list filtered by token or model: without these, the count reads every row of the
  // user's from the table (measured at 1M rows, a user with 50 000: 214 ms → a few ms).
  idx_logs_user_token_created: ['user_id', 'token_name'],
  idx_logs_user_model_created: ['user_id', 'model_name'],
};

export async function up(db: AnyDb): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema
      .createIndex(name)
      .on('logs')
      .columns([...columns, 'created_at', 'id'])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  // MySQL names the table of an index to drop; PostgreSQL and SQLite refuse the clause.
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  for (const name of Object.keys(INDEXES)) {
    const drop = db.schema.dropIndex(name);
    await (mysql ? drop.on('logs') : drop).execute();
  }
}
