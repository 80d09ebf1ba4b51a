import { Command } from 'commander';
import { getSelf, loginSchema, roleLabelKey, signInForAccessToken, type User } from '@gw/core';
import { CookieJar } from '@gw/core/node';
import { parseWithSchema } from '../../input/schema.js';
import { CliError } from '../../output/cli-error.js';
import { checkedServerUrl, createClient, currentCredentials } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { promptHidden, promptLine, readAllStdin } from '../../runtime/prompt.js';

interface LoginFlags {
  server?: string;
  username?: string;
  passwordStdin?: boolean;
  withToken?: boolean;
}

/**
 * The server to sign in to: `--server`, GW_SERVER, the profile's stored one; else asked on a
 * terminal, and refused elsewhere (a silent localhost would sign scripts in to the wrong place).
 */
async function serverFor(ctx: CliContext, flags: LoginFlags): Promise<string> {
  const known = flags.server ?? currentCredentials(ctx).server;
  if (known !== undefined) return checkedServerUrl(known);
  if (!ctx.interactive) throw new CliError('usage', 'cli.errors.server_needed');
  const typed = await promptLine(ctx, `${ctx.t('cli.auth.login.server_prompt')}: `);
  return checkedServerUrl(typed);
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
    { username: '--username', password: ctx.t('auth.password') },
  );
}

/** Signs in with a password (cookie session), or checks a token read from stdin (`--with-token`). */
async function signIn(
  ctx: CliContext,
  server: string,
  flags: LoginFlags,
): Promise<{ user: User; accessToken: string }> {
  if (flags.withToken) {
    const accessToken = (await readAllStdin(ctx)).trim();
    if (!accessToken) throw new CliError('usage', 'cli.errors.token_needed');
    return { user: await getSelf(createClient(ctx, server, { accessToken })), accessToken };
  }
  const input = await readLoginInput(ctx, flags);
  return signInForAccessToken(createClient(ctx, server, { jar: new CookieJar() }), input);
}

/**
 * `gw login` (and `gw auth login`): signs in and keeps the account's access token under a profile
 * (`--profile`, GW_PROFILE, or the current one), in the OS keyring when there is one.
 */
export function loginCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('login')
    .description(t('cli.auth.login.description'))
    .option('--server <url>', t('cli.auth.login.server'))
    .option('--username <name>', t('cli.auth.login.username'))
    .option('--password-stdin', t('cli.auth.login.password_stdin'))
    .option('--with-token', t('cli.auth.login.with_token'))
    .action(async (flags: LoginFlags) => {
      const server = await serverFor(ctx, flags);
      const { user, accessToken } = await signIn(ctx, server, flags);
      const profile = currentCredentials(ctx).profile;
      const storedIn = ctx.profiles.save(profile, { server, accessToken, username: user.username });
      const role = t(roleLabelKey(user.role));
      ctx.note(t('cli.auth.login.done', { username: user.username, role, server, profile }));
      ctx.note(t(`cli.auth.stored_in.${storedIn}`, { path: ctx.profiles.path }));
      if (ctx.env.GW_TOKEN) ctx.note(t('cli.auth.env_token_wins'));
    });
}

export function buildCommand(ctx: CliContext): Command {
  return loginCommand(ctx);
}
