import { Command } from 'commander';
import { getToken } from '@gw/core';
import { printJson, printRecord } from '../../output/print.js';
import { parseInteger } from '../../runtime/args.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { quotaDisplayOf } from '../../runtime/site.js';
import { tokenJson, tokenRecord } from './token-output.js';

/** `gw tokens view <id>`: one token; its key stays masked unless `--show-key`. */
export function tokenViewCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('view')
    .description(t('cli.tokens.view.description'))
    .argument('<id>', t('cli.tokens.id_argument'))
    .option('--show-key', t('cli.tokens.show_key'))
    .option('--json', t('cli.flags.json'))
    .action(async (idText: string, flags: { showKey?: boolean; json?: boolean }) => {
      const id = parseInteger(idText, '<id>');
      const { client } = signedInClient(ctx);
      const token = await getToken(client, id);
      const showKey = flags.showKey === true;
      if (flags.json) {
        printJson(ctx, tokenJson(token, showKey));
        return;
      }
      printRecord(ctx, tokenRecord(ctx, token, showKey, await quotaDisplayOf(client)));
    });
}
