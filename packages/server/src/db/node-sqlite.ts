// Adapts Node's built-in `node:sqlite` to the better-sqlite3-like interface Kysely's SqliteDialect expects,
// so SQLite needs no native module.
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** node:sqlite refuses booleans and undefined; SQLite stores them as 1/0 and NULL anyway. */
function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as SQLInputValue;
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqliteValue);
}

/** How many prepared statements to keep; the app issues a few dozen distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 256;

function adaptStatement(statement: StatementSync, fresh: () => StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...bind(parameters)),
    run: (parameters) => {
      const result = statement.run(...bind(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    // An open iterator would be reset if another query reused the cached statement, so streams get
    // their own statement.
    iterate: (parameters) => fresh().iterate(...bind(parameters)) as IterableIterator<unknown>,
  };
}

/** Opens a SQLite file with WAL journaling, foreign keys on and a busy timeout for concurrent writers. */
export function openNodeSqlite(file: string): SqliteDatabase {
  const database = new DatabaseSync(file);
  database.exec('PRAGMA foreign_keys = ON');
  if (file !== ':memory:') database.exec('PRAGMA journal_mode = WAL');
  // With WAL, NORMAL syncs at checkpoints rather than on every commit: a killed process loses nothing
  // committed (only a power cut can lose the last commits), and commits stop blocking on fsync.
  database.exec('PRAGMA synchronous = NORMAL');
  database.exec('PRAGMA busy_timeout = 5000');
  // Kysely prepares every query anew; compiling the same SQL text again was a sixth of the time of a
  // token list (bench/tokens-list), so statements are kept by their text (least recently used out).
  const statements = new Map<string, StatementSync>();
  const cached = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = database.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE)
        statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, statement);
    return statement;
  };
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql) => adaptStatement(cached(sql), () => database.prepare(sql)),
  };
}
