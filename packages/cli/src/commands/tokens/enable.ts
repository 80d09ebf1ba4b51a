import type { Command } from 'commander';
import type { CliContext } from '../../runtime/context.js';
import { tokenStatusCommand } from './status.js';

/** `gw tokens enable <id>`. */
export function tokenEnableCommand(ctx: CliContext): Command {
  return tokenStatusCommand(ctx, 'enable');
}
