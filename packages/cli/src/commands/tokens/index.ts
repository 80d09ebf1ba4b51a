import { Command } from 'commander';
import type { CliContext } from '../../runtime/context.js';
import { tokenCreateCommand } from './create.js';
import { tokenDeleteCommand } from './delete.js';
import { tokenDisableCommand } from './disable.js';
import { tokenEditCommand } from './edit.js';
import { tokenEnableCommand } from './enable.js';
import { tokenListCommand } from './list.js';
import { tokenViewCommand } from './view.js';

/** `gw tokens` (aliases `token`, `tk`): the caller's API keys. */
export function tokensCommand(ctx: CliContext): Command {
  const tokens = new Command('tokens').aliases(['token', 'tk']).description(ctx.t('cli.tokens.description'));
  for (const make of [
    tokenListCommand,
    tokenViewCommand,
    tokenCreateCommand,
    tokenEditCommand,
    tokenEnableCommand,
    tokenDisableCommand,
    tokenDeleteCommand,
  ]) {
    tokens.addCommand(make(ctx));
  }
  return tokens;
}
