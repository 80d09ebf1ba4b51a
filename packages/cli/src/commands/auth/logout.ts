import { Command } from 'commander';
import { logout } from '@gw/core';
import { createClient, currentCredentials } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** `gw logout`: ends the session on the server when possible and forgets the stored access token. */
export function logoutCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('logout').description(t('cli.auth.logout.description')).action(async () => {
    const stored = ctx.credentials.read();
    if (stored.accessToken && stored.server) {
      try {
        await logout(createClient(ctx, stored.server, stored.accessToken));
      } catch {
        // The server may be gone or the token already revoked; forgetting it locally is what matters.
      }
    }
    ctx.credentials.clear();
    ctx.note(t('auth.logout_success'));
    if (currentCredentials(ctx).tokenSource === 'env') ctx.note(t('cli.auth.env_token_wins'));
  });
}
