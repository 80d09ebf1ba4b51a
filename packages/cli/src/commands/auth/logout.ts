import { Command } from 'commander';
import { logout } from '@gw/core';
import { createClient, currentCredentials } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** `gw logout`: ends the session on the server when possible and forgets the profile's access token. */
export function logoutCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('logout').description(t('cli.auth.logout.description')).action(async () => {
    const credentials = currentCredentials(ctx);
    const stored = ctx.profiles.accessToken(credentials.profile);
    const server = ctx.profiles.profile(credentials.profile)?.server;
    if (stored && server) {
      try {
        await logout(createClient(ctx, server, { accessToken: stored }));
      } catch {
        // The server may be gone or the token already revoked; forgetting it locally is what matters.
      }
    }
    ctx.profiles.signOut(credentials.profile);
    ctx.note(t('cli.auth.logout.done', { profile: credentials.profile }));
    if (credentials.tokenSource === 'env') ctx.note(t('cli.auth.env_token_wins'));
  });
}

export function buildCommand(ctx: CliContext): Command {
  return logoutCommand(ctx);
}
