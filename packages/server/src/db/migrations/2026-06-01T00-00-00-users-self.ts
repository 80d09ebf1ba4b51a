// Invitation codes are unique once set (contract §1.4 `GET /api/user/aff`); users without one keep
// `''`, so the index covers only non-empty codes. Frozen: never edit after release; add a new
// migration instead. Works on Kysely<any> and imports no application code.
import { type Kysely, MysqlAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function isMysql(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof MysqlAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  if (isMysql(db)) {
    // MySQL and MariaDB have no partial index: a virtual column that is NULL for an empty code takes
    // its place (a unique index allows many NULLs).
    await sql`alter table users add column aff_code_key varchar(32) as (nullif(aff_code, '')) virtual`.execute(
      db,
    );
    await sql`create unique index idx_users_aff_code on users (aff_code_key)`.execute(db);
    return;
  }
  await sql`create unique index idx_users_aff_code on users (aff_code) where aff_code <> ''`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isMysql(db)) {
    await sql`drop index idx_users_aff_code on users`.execute(db);
    await sql`alter table users drop column aff_code_key`.execute(db);
    return;
  }
  await sql`drop index idx_users_aff_code`.execute(db);
}
