import { Command } from 'commander';
import { getSelf, roleLabelKey } from '@gw/core';
import { jsonOption, jsonRequest, pickJson } from '../../output/json-fields.js';
import { printJson, printRecord } from '../../output/print.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** `gw whoami`: who the profile's (or GW_TOKEN's) access token belongs to, and on which server. */
export function whoamiCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('whoami')
    .description(t('cli.auth.whoami.description'))
    .addOption(jsonOption(ctx))
    .action(async (flags: { json?: unknown }) => {
      const { client, credentials } = signedInClient(ctx);
      const self = await getSelf(client);
      if (flags.json) {
        // The access token is a credential: it never goes to stdout.
        const { access_token: _secret, ...user } = self;
        printJson(
          ctx,
          pickJson(
            { ...user, server: credentials.server, profile: credentials.profile },
            jsonRequest(flags.json),
          ),
        );
        return;
      }
      printRecord(ctx, [
        { id: 'username', labelKey: 'cli.auth.whoami.username', value: self.username },
        { id: 'role', labelKey: 'cli.auth.whoami.role', value: t(roleLabelKey(self.role)) },
        { id: 'server', labelKey: 'cli.auth.whoami.server', value: credentials.server ?? '' },
        { id: 'profile', labelKey: 'cli.auth.whoami.profile', value: credentials.profile },
        {
          id: 'token_source',
          labelKey: 'cli.auth.whoami.token_source',
          value: t(`cli.auth.source.${credentials.tokenSource ?? 'config'}`),
        },
      ]);
    });
}

export function buildCommand(ctx: CliContext): Command {
  return whoamiCommand(ctx);
}
