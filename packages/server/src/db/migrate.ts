// Brings the schema up to date on start.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { adoptingMigrations, finishAdoption, needsAdoption, readExistingSchema } from './adopt-one-hub.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * The schema the migration tables live in on PostgreSQL: the connection's current one. Kysely otherwise
 * looks for its tables in every schema of the database, so a second gw (or a parallel test run) in another
 * schema of the same database would make it skip creating its own.
 */
async function migrationTableSchema<T>(db: Kysely<T>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Runs every pending migration; throws the first failure (the server must not start half-migrated).
 * `onAdopted` hears when the database was one-hub's and has now been adopted.
 */
export async function migrateToLatest<T>(db: Kysely<T>, onAdopted?: () => void): Promise<string[]> {
  // A database one-hub made (its tables, no gw bookkeeping yet) is adopted: gw adds only what it lacks.
  const existing = await readExistingSchema(db);
  const adopting = await needsAdoption(db, existing);
  const migrations = adopting ? adoptingMigrations(MIGRATIONS, existing) : MIGRATIONS;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationTableSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  if (adopting) {
    await finishAdoption(db, existing);
    onAdopted?.();
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
