// Opens the one Kysely instance of the server for the configured database and runs the migrations.
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import { createPool as createMysqlPool } from 'mysql2';
import pg from 'pg';
import { type DatabaseConfig, type DatabaseKind, ensureSqliteFolder } from '../config.js';
import { openNodeSqlite } from './node-sqlite.js';
import type { GwTables } from './tables.js';

export type GwDb = Kysely<GwTables>;

export interface DatabaseHandle {
  db: GwDb;
  kind: DatabaseKind;
  close: () => Promise<void>;
}

const PG_INT8 = 20;
const PG_BOOL = 16;
const PG_JSON = 114;
const PG_JSONB = 3802;

/** PostgreSQL sends BIGINT (and COUNT) as text; quota and times are safe JS integers, so parse them. */
function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === PG_INT8) return (text: string) => Number.parseInt(text, 10);
      // gw's own flags are integers 0/1; a database adopted from one-hub keeps its boolean columns
      // (tokens.unlimited_quota, user_groups.enable, …), read here as the same 0/1. Writes need nothing:
      // PostgreSQL reads an untyped '1'/'0' parameter as true/false for a boolean column.
      if (oid === PG_BOOL) return (text: string) => (text === 't' ? 1 : 0);
      // gw keeps JSON in text columns and parses it itself; one-hub's `json` columns (tokens.setting,
      // channels.plugin, logs.metadata, …) come back as the same text instead of an object.
      if (oid === PG_JSON || oid === PG_JSONB) return (text: string) => text;
      return pg.types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

function createDialect(config: DatabaseConfig): Dialect {
  switch (config.kind) {
    case 'sqlite':
      ensureSqliteFolder(config);
      return new SqliteDialect({ database: openNodeSqlite(config.file ?? ':memory:') });
    case 'postgres':
      return new PostgresDialect({
        pool: new pg.Pool({ connectionString: config.url, types: pgTypes(), max: 10 }),
      });
    case 'mysql':
      return new MysqlDialect({
        // BIGINT comes back as a number while it fits (quota never leaves the safe range).
        pool: createMysqlPool({
          uri: config.url,
          // one-hub's `json` columns (MySQL's JSON type, MariaDB's json text) as the text gw parses itself,
          // like its own columns.
          jsonStrings: true,
          supportBigNumbers: true,
          bigNumberStrings: false,
          connectionLimit: 10,
        }),
      });
  }
}

/** Opens the configured database (no migration yet). */
export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  const db = new Kysely<GwTables>({ dialect: createDialect(config) });
  return { db, kind: config.kind, close: () => db.destroy() };
}
