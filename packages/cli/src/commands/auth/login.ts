import { Command } from 'commander';
import { loginSchema, roleLabelKey, signInForAccessToken } from '@gw/core';
import { CookieJar, createNodeFetch } from '@gw/core/node';
import { CliError } from '../../output/cli-error.js';
import { parseWithSchema } from '../../runtime/args.js';
import { checkedServerUrl, createClient, currentCredentials } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { promptHidden, promptLine, readAllStdin } from '../../runtime/prompt.js';

interface LoginFlags {
  server?: string;
  username?: string;
  passwordStdin?: boolean;
}

/** Collects username and password without ever prompting off a terminal. */
async function readLoginInput(ctx: CliContext, flags: LoginFlags) {
  let username = flags.username;
  if (username === undefined) {
    if (!ctx.interactive) throw new CliError('usage', 'cli.errors.username_needed');
    username = await promptLine(ctx, `${ctx.t('auth.username')}: `);
  }
  let password: string;
  if (flags.passwordStdin) password = await readAllStdin(ctx);
  else if (ctx.interactive) password = await promptHidden(ctx, `${ctx.t('auth.password')}: `);
  else throw new CliError('usage', 'cli.errors.password_needed');
  return parseWithSchema(
    ctx,
    loginSchema,
    { username: username.trim(), password },
    {
      username: '--username',
      password: ctx.t('auth.password'),
    },
  );
}

/**
 * `gw login`: signs in with a password over a cookie session, then keeps the account's access token
 * (generating one only if the account has none, so scripts using the old one keep working).
 */
export function loginCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('login')
    .description(t('cli.auth.login.description'))
    .option('--server <url>', t('cli.auth.login.server'))
    .option('--username <name>', t('cli.auth.login.username'))
    .option('--password-stdin', t('cli.auth.login.password_stdin'))
    .action(async (flags: LoginFlags) => {
      const server = checkedServerUrl(flags.server ?? currentCredentials(ctx).server);
      const input = await readLoginInput(ctx, flags);
      const client = createClient(ctx, server, undefined, createNodeFetch(new CookieJar()));
      const { user: self, accessToken } = await signInForAccessToken(client, input);
      ctx.credentials.save({ server, accessToken, username: self.username });
      ctx.note(
        t('cli.auth.login.done', { username: self.username, role: t(roleLabelKey(self.role)), server }),
      );
      if (ctx.env.GW_TOKEN) ctx.note(t('cli.auth.env_token_wins'));
    });
}
