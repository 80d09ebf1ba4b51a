import { resolve } from 'node:path';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from '../runtime/context.js';

/**
 * `gw backup <file>`: the database `gw serve` would open (same DATABASE_URL / SQL_DSN, same default) copied
 * with SQLite's online backup API, safe while the server runs. Loads the server's code only for this.
 */
export async function runBackup(ctx: CliContext, file: string): Promise<void> {
  const { BackupError, backupSqlite, loadConfig } = await import('@gw/server');
  const config = loadConfig(ctx.env);
  const target = resolve(file);
  try {
    const { pages } = await backupSqlite(config.database, target);
    ctx.note(ctx.t('cli.backup.done', { source: config.database.file, file: target, pages }));
  } catch (error) {
    if (error instanceof BackupError) {
      throw new CliError(error.reason === 'not_sqlite' ? 'usage' : 'failure', `cli.backup.${error.reason}`, {
        kind: config.database.kind,
        file: error.reason === 'missing' ? config.database.file : target,
      });
    }
    throw error;
  }
}
