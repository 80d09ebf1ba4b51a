import type { Command } from 'commander';
import type { CliContext } from '../../runtime/context.js';
import { tokenStatusCommand } from './status.js';

/** `gw tokens disable <id>`. */
export function tokenDisableCommand(ctx: CliContext): Command {
  return tokenStatusCommand(ctx, 'disable');
}
