import { Command } from 'commander';
import { runBackup } from '../../lazy/backup.js';
import type { CliContext } from '../../runtime/context.js';

/** `gw backup <file>`: an online copy of the SQLite database (PostgreSQL and MySQL: pg_dump, mysqldump). */
export function buildCommand(ctx: CliContext): Command {
  return new Command('backup')
    .description(ctx.t('cli.backup.description'))
    .argument('<file>', ctx.t('cli.backup.file'))
    .action(async (file: string) => {
      await runBackup(ctx, file);
    });
}
