import { Command } from 'commander';
import {
  generateAccessToken,
  getSelf,
  PROFILE_FORM_FIELDS,
  profileFormSchema,
  profileFormValues,
  selfUpdateFromProfile,
  updateSelf,
  USER_COLUMNS,
  type User,
} from '@gw/core';
import { parseWithSchema } from '../../input/schema.js';
import { CliError } from '../../output/cli-error.js';
import { jsonOption, jsonRequest, pickJson } from '../../output/json-fields.js';
import { columnContext, printJson, printRecord } from '../../output/print.js';
import { fieldFlags } from '../../resource/field-flags.js';
import { addChangeFlags, confirmChange, runChange } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { promptHidden, readAllStdin } from '../../runtime/prompt.js';
import { quotaDisplayOf } from '../../runtime/site.js';

type Opts = Record<string, unknown>;

/** The signed-in user without the access token: a credential never goes to stdout unasked. */
function shownSelf(user: User): Omit<User, 'access_token'> {
  const { access_token: _secret, ...shown } = user;
  return shown;
}

function viewCommand(ctx: CliContext): Command {
  return new Command('view')
    .description(ctx.t('cli.profile.view'))
    .addOption(jsonOption(ctx))
    .action(async (opts: Opts) => {
      const { client } = signedInClient(ctx);
      const [self, quota] = await Promise.all([getSelf(client), quotaDisplayOf(client)]);
      if (opts.json) {
        printJson(ctx, pickJson(shownSelf(self), jsonRequest(opts.json)));
        return;
      }
      const columnCtx = columnContext(ctx, quota);
      printRecord(
        ctx,
        USER_COLUMNS.map((column) => ({
          id: column.id,
          labelKey: column.titleKey,
          value: column.value(self, columnCtx),
        })),
      );
    });
}

/** `gw profile edit --display-name …`: the profile form's fields other than the password. */
function editCommand(ctx: CliContext): Command {
  const fields = PROFILE_FORM_FIELDS.filter((field) => field.kind !== 'password');
  const flags = fieldFlags(ctx, fields, 'edit', profileFormValues({ display_name: '' }));
  const command = new Command('edit').description(ctx.t('cli.profile.edit'));
  for (const flag of flags) for (const option of flag.options) command.addOption(option);
  addChangeFlags(ctx, command, false);
  return command.action(async (opts: Opts) => {
    const given = flags.flatMap((flag) => {
      const value = flag.read(opts);
      return value === undefined ? [] : [[flag.field.name, value] as const];
    });
    if (given.length === 0) {
      throw new CliError('usage', 'cli.errors.nothing_to_edit', {
        flags: flags.map((flag) => flag.flag).join(', '),
      });
    }
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    const values = { ...profileFormValues(await getSelf(client)), ...Object.fromEntries(given) };
    const flagNames = Object.fromEntries(flags.map((flag) => [flag.field.name, flag.flag]));
    const checked = parseWithSchema(ctx, profileFormSchema, values, flagNames);
    await runChange(() => updateSelf(client, selfUpdateFromProfile(checked)));
    if (!opts.dryRun) ctx.note(ctx.t('users.profile.updated'));
  });
}

/** The new password: asked twice without echo on a terminal, or read from stdin (`--password-stdin`). */
async function newPassword(
  ctx: CliContext,
  opts: Opts,
): Promise<{ password: string; password_confirm: string }> {
  if (opts.passwordStdin) {
    const password = await readAllStdin(ctx);
    return { password, password_confirm: password };
  }
  if (!ctx.interactive) throw new CliError('usage', 'cli.errors.password_needed');
  const password = await promptHidden(ctx, `${ctx.t('users.profile.new_password')}: `);
  const confirmation = await promptHidden(ctx, `${ctx.t('users.profile.password_confirm')}: `);
  return { password, password_confirm: confirmation };
}

/** `gw profile password`: changes the signed-in user's password (the profile form's rules). */
function passwordCommand(ctx: CliContext): Command {
  const command = new Command('password')
    .description(ctx.t('cli.profile.password'))
    .option('--password-stdin', ctx.t('cli.profile.password_stdin'));
  addChangeFlags(ctx, command, false);
  return command.action(async (opts: Opts) => {
    const typed = await newPassword(ctx, opts);
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    const self = await getSelf(client);
    const values = { ...profileFormValues(self), ...typed };
    const names = {
      password: ctx.t('users.profile.new_password'),
      password_confirm: ctx.t('users.profile.password_confirm'),
    };
    const checked = parseWithSchema(ctx, profileFormSchema, values, names);
    if (checked.password === '') throw new CliError('usage', 'cli.errors.password_empty');
    await runChange(() => updateSelf(client, selfUpdateFromProfile(checked)));
    if (!opts.dryRun) ctx.note(ctx.t('cli.profile.password_done'));
  });
}

/**
 * `gw profile token`: a new access token (the old one stops working). It is printed once, and the
 * profile's stored sign-in switches to it when that is where the old one came from.
 */
function tokenCommand(ctx: CliContext): Command {
  const command = new Command('token').description(ctx.t('cli.profile.token'));
  addChangeFlags(ctx, command, true);
  return command.action(async (opts: Opts) => {
    await confirmChange(ctx, opts, ctx.t('cli.profile.token_confirm'));
    const { client, credentials } = signedInClient(ctx);
    if (opts.dryRun) {
      ctx.write(`GET ${client.baseUrl}/api/user/token\n`);
      return;
    }
    const accessToken = await generateAccessToken(client);
    ctx.write(`${accessToken}\n`);
    if (credentials.tokenSource !== 'env' && credentials.server && credentials.username) {
      ctx.profiles.save(credentials.profile, {
        server: credentials.server,
        username: credentials.username,
        accessToken,
      });
      ctx.note(ctx.t('cli.profile.token_stored', { profile: credentials.profile }));
    } else {
      ctx.note(ctx.t('cli.profile.token_env'));
    }
  });
}

/** `gw profile` (alias `me`): view and edit yourself, change your password, regenerate your token. */
export function buildCommand(ctx: CliContext): Command {
  const view = viewCommand(ctx);
  return new Command('profile')
    .alias('me')
    .description(ctx.t('cli.profile.description'))
    .addCommand(view, { isDefault: true })
    .addCommand(editCommand(ctx))
    .addCommand(passwordCommand(ctx))
    .addCommand(tokenCommand(ctx));
}
