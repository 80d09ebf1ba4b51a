import { Command } from 'commander';
import type { CliContext } from '../../runtime/context.js';
import { loginCommand } from './login.js';
import { logoutCommand } from './logout.js';
import { whoamiCommand } from './whoami.js';

/** The sign-in commands at the top level (`gw login`, `gw logout`, `gw whoami`). */
export function authTopLevelCommands(ctx: CliContext): Command[] {
  return [loginCommand(ctx), logoutCommand(ctx), whoamiCommand(ctx)];
}

/** `gw auth login|logout|status`: the same commands under gh's grouping. */
export function authCommand(ctx: CliContext): Command {
  return new Command('auth')
    .description(ctx.t('cli.auth.description'))
    .addCommand(loginCommand(ctx))
    .addCommand(logoutCommand(ctx))
    .addCommand(whoamiCommand(ctx, 'status'));
}
