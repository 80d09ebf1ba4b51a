import { Command, Option } from 'commander';
import { createToken, tokenCreateSchema, tokenKeyForDisplay } from '@gw/core';
import { printJson } from '../../output/print.js';
import { parseWithSchema } from '../../runtime/args.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { parseExpiresFlag, parseQuotaFlag, TOKEN_FLAG_NAMES } from './token-input.js';
import { tokenJson } from './token-output.js';

interface CreateFlags {
  name?: string;
  quota?: string;
  unlimited?: boolean;
  expires?: string;
  json?: boolean;
}

/** `gw tokens create`: makes a token and prints its full key (the token list can show it again later). */
export function tokenCreateCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('create')
    .description(t('cli.tokens.create.description'))
    .requiredOption('--name <name>', t('cli.tokens.flags.name'))
    .addOption(new Option('--quota <points>', t('cli.tokens.flags.quota')).conflicts('unlimited'))
    .option('--unlimited', t('cli.tokens.flags.unlimited'))
    .option('--expires <time>', t('cli.tokens.flags.expires'))
    .option('--json', t('cli.flags.json'))
    .action(async (flags: CreateFlags) => {
      const input = parseWithSchema(
        ctx,
        tokenCreateSchema,
        {
          name: flags.name?.trim(),
          remain_quota: flags.quota === undefined ? 0 : parseQuotaFlag(flags.quota),
          unlimited_quota: flags.unlimited === true,
          expired_time: flags.expires === undefined ? -1 : parseExpiresFlag(flags.expires),
        },
        TOKEN_FLAG_NAMES,
      );
      const { client } = signedInClient(ctx);
      const token = await createToken(client, input);
      if (flags.json) {
        printJson(ctx, tokenJson(token, true));
        return;
      }
      ctx.write(`${tokenKeyForDisplay(token.key)}\n`);
      ctx.note(t('tokens.created_note', { name: token.name, id: token.id }));
    });
}
