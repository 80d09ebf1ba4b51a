// `gw backup <file>` (issue 15): a consistent copy of a SQLite database taken while the server runs,
// through SQLite's online backup API (node:sqlite `backup`): it copies page by page and restarts on a
// page a writer changed, so the copy is one moment's state, WAL contents included. PostgreSQL and MySQL
// have their own tools (pg_dump, mysqldump; docs/server-config.md), so this refuses them.
import { existsSync } from 'node:fs';
import { backup, DatabaseSync } from 'node:sqlite';
import type { DatabaseConfig } from '../config.js';

export class BackupError extends Error {
  constructor(
    readonly reason: 'not_sqlite' | 'exists' | 'missing',
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'BackupError';
  }
}

/** Copies the configured SQLite database to `target` (which must not exist); answers the pages copied. */
export async function backupSqlite(database: DatabaseConfig, target: string): Promise<{ pages: number }> {
  if (database.kind !== 'sqlite' || !database.file || database.file === ':memory:') {
    throw new BackupError('not_sqlite', database.kind);
  }
  if (!existsSync(database.file)) throw new BackupError('missing', database.file);
  // Never over an existing file: a mistyped name must not destroy an older backup.
  if (existsSync(target)) throw new BackupError('exists', target);
  const source = new DatabaseSync(database.file, { readOnly: true });
  try {
    const pages = await backup(source, target);
    return { pages };
  } finally {
    source.close();
  }
}
