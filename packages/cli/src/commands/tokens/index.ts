import {
  getToken,
  TOKEN_SCREEN,
  type Token,
  type TokenCreateInput,
  type TokenFormValues,
  tokenKeyForDisplay,
  tokenSchema,
} from '@gw/core';
import type { Command } from 'commander';
import { resourceCommand } from '../../resource/resource-command.js';
import type { ResourceSpec } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';
import { tokenCellColor, tokenColumns, tokenJson } from './token-output.js';

/** The caller's API keys (console-screens §2), from core's token screen. */
export const TOKEN_SPEC: ResourceSpec<Token, TokenFormValues, TokenCreateInput> = {
  name: 'tokens',
  aliases: ['token', 'tk'],
  screen: TOKEN_SCREEN,
  get: (client, id) => getToken(client, Number(id)),
  // A key is masked unless --show-key asks for it, and shown in full once when it is made.
  toJson: (token, opts) => tokenJson(token, opts.showKey === true || opts.created === true),
  jsonFields: Object.keys(tokenSchema.shape),
  flagNames: { remain_quota: 'quota', unlimited_quota: 'unlimited', expired_time: 'expires' },
  columns: (opts) => tokenColumns(opts.showKey === true),
  listFlags: (command, ctx) => {
    command.option('--show-key', ctx.t('cli.tokens.show_key'));
  },
  cellColor: tokenCellColor,
  actionVerbs: { copy: 'key' },
  printCreated: (ctx, created) => {
    const token = created as Token;
    ctx.write(`${tokenKeyForDisplay(token.key)}\n`);
    ctx.note(ctx.t('tokens.created_note', { name: token.name, id: token.id }));
    ctx.note(ctx.t('tokens.key_reuse'));
  },
};

/** `gw tokens` (aliases `token`, `tk`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, TOKEN_SPEC, 'cli.tokens.description');
}
