import { Command } from 'commander';
import {
  CHANGE_QUOTA_ACTION,
  getUser,
  type User,
  type UserFormInput,
  type UserFormValues,
  USERS_SCREEN,
  userSchema,
} from '@gw/core';
import { parseQuotaText } from '../../input/quota.js';
import { parseWithSchema, refusalError } from '../../input/schema.js';
import { resourceCommand } from '../../resource/resource-command.js';
import { byNumericId, type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import { addChangeFlags, checkedId, runChange } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** A user as JSON: never the access token. */
function userJson(user: User): Omit<User, 'access_token'> {
  const { access_token: _secret, ...shown } = user;
  return shown;
}

/** `gw users quota <id> <amount> --remark …`: the screen's quota change, the amount typed in place. */
function quotaVerb(ctx: CliContext, spec: ResourceSpec<User, UserFormValues, UserFormInput>): Command {
  const input = CHANGE_QUOTA_ACTION.input!;
  const command = new Command('quota')
    .description(ctx.t('cli.users.quota'))
    .argument('<id>', ctx.t('cli.args.id'))
    .argument('<amount>', ctx.t('cli.users.amount'))
    .option('--remark <text>', ctx.t('users.screen.remark'));
  addChangeFlags(ctx, command, false);
  return command.action(
    async (idText: string, amount: string, opts: { remark?: string; dryRun?: boolean }) => {
      const id = checkedId(spec, idText);
      const values = { quota: parseQuotaText(amount, '<amount>'), remark: opts.remark ?? '' };
      const names = { quota: '<amount>', remark: '--remark' };
      const checked = parseWithSchema(ctx, input.schema, values, names);
      const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
      const user = await getUser(client, Number(id));
      const refused = refusalError(ctx, input.refuse?.(checked, user) ?? {}, names);
      if (refused) throw refused;
      await runChange(() => input.run(client, user, checked));
      if (!opts.dryRun) ctx.note(ctx.t('users.screen.quota_changed'));
    },
  );
}

/** The admin user list (console-screens §5). */
export const USER_SPEC: ResourceSpec<User, UserFormValues, UserFormInput> = {
  name: 'users',
  aliases: ['user', 'u'],
  screen: USERS_SCREEN,
  get: byNumericId(getUser),
  toJson: userJson,
  jsonFields: schemaFields(userSchema).filter((field) => field !== 'access_token'),
  actionVerbs: { promote: 'promote', set_common: 'demote', set_reliable: 'set-reliable' },
  extraVerbs: (ctx, spec) => [quotaVerb(ctx, spec)],
};

/** `gw users` (aliases `user`, `u`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, USER_SPEC, 'cli.users.description');
}
