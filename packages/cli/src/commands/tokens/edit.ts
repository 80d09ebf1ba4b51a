import { Command, Option } from 'commander';
import { getToken, type Token, type TokenUpdateInput, tokenUpdateSchema, updateToken } from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { printJson } from '../../output/print.js';
import { parseInteger, parseWithSchema } from '../../runtime/args.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { parseExpiresFlag, parseQuotaFlag, TOKEN_FLAG_NAMES } from './token-input.js';
import { tokenJson } from './token-output.js';

interface EditFlags {
  name?: string;
  quota?: string;
  unlimited?: boolean;
  limited?: boolean;
  expires?: string;
  json?: boolean;
}

/** The full update body: the stored token with the flags given on the command line laid over it. */
export function tokenEditInput(token: Token, flags: EditFlags): TokenUpdateInput {
  return {
    id: token.id,
    name: flags.name === undefined ? token.name : flags.name.trim(),
    remain_quota: flags.quota === undefined ? token.remain_quota : parseQuotaFlag(flags.quota),
    unlimited_quota: flags.unlimited ? true : flags.limited ? false : token.unlimited_quota,
    expired_time: flags.expires === undefined ? token.expired_time : parseExpiresFlag(flags.expires),
    group: token.group,
    backup_group: token.backup_group,
    setting: token.setting,
  };
}

/** `gw tokens edit <id>`: changes the named fields and keeps the rest. */
export function tokenEditCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('edit')
    .description(t('cli.tokens.edit.description'))
    .argument('<id>', t('cli.tokens.id_argument'))
    .option('--name <name>', t('cli.tokens.flags.name'))
    .option('--quota <points>', t('cli.tokens.flags.quota'))
    .addOption(new Option('--unlimited', t('cli.tokens.flags.unlimited')).conflicts('limited'))
    .option('--limited', t('cli.tokens.flags.limited'))
    .option('--expires <time>', t('cli.tokens.flags.expires'))
    .option('--json', t('cli.flags.json'))
    .action(async (idText: string, flags: EditFlags) => {
      const id = parseInteger(idText, '<id>');
      const changes = [flags.name, flags.quota, flags.unlimited, flags.limited, flags.expires];
      if (changes.every((value) => value === undefined)) {
        throw new CliError('usage', 'cli.errors.nothing_to_edit');
      }
      const { client } = signedInClient(ctx);
      const token = await getToken(client, id);
      const input = parseWithSchema(ctx, tokenUpdateSchema, tokenEditInput(token, flags), TOKEN_FLAG_NAMES);
      const updated = await updateToken(client, input);
      if (flags.json) printJson(ctx, tokenJson(updated, false));
      else ctx.note(t('tokens.updated'));
    });
}
