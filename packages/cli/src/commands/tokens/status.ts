import { Command } from 'commander';
import { getToken, nowSeconds, setTokenStatus, TOKEN_STATUS, tokenEnableRefusal } from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { printJson } from '../../output/print.js';
import { parseInteger } from '../../runtime/args.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { tokenJson } from './token-output.js';

/** The shared body of `enable` and `disable`: a status-only update (contract §1.6). */
export function tokenStatusCommand(ctx: CliContext, verb: 'enable' | 'disable'): Command {
  const { t } = ctx;
  return new Command(verb)
    .description(t(`cli.tokens.${verb}.description`))
    .argument('<id>', t('cli.tokens.id_argument'))
    .option('--json', t('cli.flags.json'))
    .action(async (idText: string, flags: { json?: boolean }) => {
      const id = parseInteger(idText, '<id>');
      const { client } = signedInClient(ctx);
      if (verb === 'enable') {
        // Say why before the server refuses: an expired or spent token needs an edit first.
        const refusal = tokenEnableRefusal(await getToken(client, id), nowSeconds());
        if (refusal) throw new CliError('failure', refusal);
      }
      const status = verb === 'enable' ? TOKEN_STATUS.enabled : TOKEN_STATUS.disabled;
      const token = await setTokenStatus(client, id, status);
      if (flags.json) printJson(ctx, tokenJson(token, false));
      else ctx.note(t(verb === 'enable' ? 'tokens.enabled_toast' : 'tokens.disabled_toast'));
    });
}
