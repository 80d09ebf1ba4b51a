import { Command } from 'commander';
import { type ColumnDef, GwApiError, getSelf, roleLabelKey } from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { jsonOption, jsonRequest, pickJson } from '../../output/json-fields.js';
import { printJson, printRows } from '../../output/print.js';
import { createClient, currentCredentials } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** One profile as `gw auth status` shows it, checked against its server. */
interface ProfileState {
  profile: string;
  current: boolean;
  server: string;
  username: string;
  role: string;
  /** Where the token is kept: keyring, config (file), env, or none. */
  token: 'keyring' | 'config' | 'env' | 'none';
  state: 'ok' | 'rejected' | 'unreachable' | 'signed_out';
}

const COLUMNS: readonly ColumnDef<ProfileState>[] = [
  {
    id: 'profile',
    titleKey: 'cli.auth.status.profile',
    priority: 1,
    value: (row) => `${row.current ? '* ' : ''}${row.profile}`,
  },
  { id: 'server', titleKey: 'cli.auth.whoami.server', priority: 1, value: (row) => row.server },
  {
    id: 'username',
    titleKey: 'cli.auth.whoami.username',
    priority: 2,
    value: (row, ctx) => (row.role ? `${row.username} (${ctx.t(row.role)})` : row.username),
  },
  {
    id: 'token',
    titleKey: 'cli.auth.whoami.token_source',
    priority: 3,
    value: (row, ctx) => ctx.t(`cli.auth.source.${row.token}`),
  },
  {
    id: 'state',
    titleKey: 'cli.auth.status.state',
    priority: 1,
    value: (row, ctx) => ctx.t(`cli.auth.status.states.${row.state}`),
  },
];

async function checkProfile(ctx: CliContext, name: string, current: boolean): Promise<ProfileState> {
  const resolved = name === '(GW_TOKEN)' ? currentCredentials(ctx) : undefined;
  const stored = ctx.profiles.profile(name);
  const server = resolved?.server ?? stored?.server ?? '';
  const accessToken = resolved?.accessToken ?? ctx.profiles.accessToken(name);
  const token = resolved ? 'env' : accessToken ? (stored?.keyring ? 'keyring' : 'config') : 'none';
  const base = { profile: name, current, server, username: stored?.username ?? '', role: '', token } as const;
  if (!accessToken || !server) return { ...base, state: 'signed_out' };
  try {
    const self = await getSelf(createClient(ctx, server, { accessToken }));
    return { ...base, username: self.username, role: roleLabelKey(self.role), state: 'ok' };
  } catch (error) {
    return {
      ...base,
      state: error instanceof GwApiError && error.exitCode === 4 ? 'rejected' : 'unreachable',
    };
  }
}

/** `gw auth status`: every profile, whether its token still works, and where the token is kept. */
export function authStatusCommand(ctx: CliContext): Command {
  return new Command('status')
    .description(ctx.t('cli.auth.status.description'))
    .addOption(jsonOption(ctx))
    .action(async (flags: { json?: unknown }) => {
      const active = currentCredentials(ctx);
      const names = ctx.profiles.names();
      if (active.tokenSource === 'env') names.unshift('(GW_TOKEN)');
      const currentName = active.tokenSource === 'env' ? '(GW_TOKEN)' : active.profile;
      const states = await Promise.all(names.map((name) => checkProfile(ctx, name, name === currentName)));
      if (flags.json)
        printJson(
          ctx,
          states.map((state) => pickJson(state, jsonRequest(flags.json))),
        );
      else if (states.length > 0) printRows(ctx, states, COLUMNS);
      const current = states.find((state) => state.current);
      if (current?.state !== 'ok')
        throw new CliError('auth', 'cli.errors.not_signed_in', { profile: currentName });
    });
}

/** `gw auth switch <profile>`: the profile commands use from now on. */
export function authSwitchCommand(ctx: CliContext): Command {
  return new Command('switch')
    .description(ctx.t('cli.auth.switch.description'))
    .argument('<profile>', ctx.t('cli.auth.switch.profile'))
    .action((name: string) => {
      if (!ctx.profiles.switchTo(name)) {
        throw new CliError('usage', 'cli.errors.unknown_profile', {
          profile: name,
          profiles: ctx.profiles.names().sort().join(', ') || '—',
        });
      }
      ctx.note(ctx.t('cli.auth.switch.done', { profile: name }));
    });
}
