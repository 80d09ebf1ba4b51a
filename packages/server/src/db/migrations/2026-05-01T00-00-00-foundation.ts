// Foundation schema: users, tokens (API keys) and options. Frozen: never edit after release; add a new
// migration instead. Works on Kysely<any> and imports no application code.
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

  await db.schema
    .createTable('users')
    .addColumn('id', idType, idSpec)
    .addColumn('username', text(64), (col) => col.notNull().unique())
    .addColumn('password', text(255), (col) => col.notNull())
    .addColumn('display_name', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('role', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('email', text(128), (col) => col.notNull().defaultTo(''))
    .addColumn('avatar_url', text(512), (col) => col.notNull().defaultTo(''))
    .addColumn('oidc_id', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('github_id', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('github_id_new', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('wechat_id', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('telegram_id', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('lark_id', text(255), (col) => col.notNull().defaultTo(''))
    .addColumn('access_token', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('request_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('group', text(64), (col) => col.notNull().defaultTo('default'))
    .addColumn('aff_code', text(32), (col) => col.notNull().defaultTo(''))
    .addColumn('aff_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('aff_quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('aff_history', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('inviter_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_login_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_login_ip', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_users_access_token').on('users').column('access_token').execute();
  await db.schema.createIndex('idx_users_email').on('users').column('email').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', idType, idSpec)
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('key', text(128), (col) => col.unique())
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('name', text(128), (col) => col.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('accessed_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('expired_time', 'bigint', (col) => col.notNull().defaultTo(-1))
    .addColumn('remain_quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('unlimited_quota', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('group', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('backup_group', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('setting', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idx_tokens_user_id').on('tokens').column('user_id').execute();
  await db.schema.createIndex('idx_tokens_name').on('tokens').column('name').execute();

  await db.schema
    .createTable('options')
    .addColumn('key', text(128), (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('options').execute();
  await db.schema.dropTable('tokens').execute();
  await db.schema.dropTable('users').execute();
}
