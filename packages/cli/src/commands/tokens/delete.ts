import { Command } from 'commander';
import { deleteToken, getToken } from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { parseInteger } from '../../runtime/args.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { confirm } from '../../runtime/prompt.js';

/** `gw tokens delete <id>`: asks first on a terminal; elsewhere it needs `--yes`. */
export function tokenDeleteCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('delete')
    .alias('rm')
    .description(t('cli.tokens.delete.description'))
    .argument('<id>', t('cli.tokens.id_argument'))
    .option('-y, --yes', t('cli.flags.yes'))
    .action(async (idText: string, flags: { yes?: boolean }) => {
      const id = parseInteger(idText, '<id>');
      if (!flags.yes && !ctx.interactive) throw new CliError('usage', 'cli.errors.needs_yes');
      const { client } = signedInClient(ctx);
      if (!flags.yes) {
        const token = await getToken(client, id);
        const agreed = await confirm(ctx, t('tokens.delete_confirm', { name: token.name }));
        if (!agreed) throw new CliError('cancelled', 'cli.errors.cancelled');
      }
      await deleteToken(client, id);
      ctx.note(t('tokens.deleted'));
    });
}
