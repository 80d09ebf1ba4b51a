import { Command } from 'commander';
import type { CliContext } from '../../runtime/context.js';
import { loginCommand } from './login.js';
import { logoutCommand } from './logout.js';
import { authStatusCommand, authSwitchCommand } from './status.js';
import { whoamiCommand } from './whoami.js';

/** `gw auth login|logout|status|switch|whoami`: sign-in and the named profiles of several servers. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('auth')
    .description(ctx.t('cli.auth.description'))
    .addCommand(loginCommand(ctx))
    .addCommand(logoutCommand(ctx))
    .addCommand(authStatusCommand(ctx))
    .addCommand(authSwitchCommand(ctx))
    .addCommand(whoamiCommand(ctx));
}
