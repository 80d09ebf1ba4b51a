import { Command } from 'commander';
import { getSelf, roleLabelKey } from '@gw/core';
import { printJson, printRecord } from '../../output/print.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** `gw whoami`: who the stored (or `GW_TOKEN`) access token belongs to, and on which server. */
export function whoamiCommand(ctx: CliContext, name = 'whoami'): Command {
  const { t } = ctx;
  return new Command(name)
    .description(t('cli.auth.whoami.description'))
    .option('--json', t('cli.flags.json'))
    .action(async (flags: { json?: boolean }) => {
      const { client, credentials } = signedInClient(ctx);
      const self = await getSelf(client);
      if (flags.json) {
        // The access token is a credential: it never goes to stdout.
        const { access_token: _secret, ...user } = self;
        printJson(ctx, { ...user, server: credentials.server });
        return;
      }
      printRecord(ctx, [
        { id: 'username', labelKey: 'cli.auth.whoami.username', value: self.username },
        { id: 'role', labelKey: 'cli.auth.whoami.role', value: t(roleLabelKey(self.role)) },
        { id: 'server', labelKey: 'cli.auth.whoami.server', value: credentials.server },
        {
          id: 'token_source',
          labelKey: 'cli.auth.whoami.token_source',
          value: t(`cli.auth.source.${credentials.tokenSource ?? 'config'}`),
        },
      ]);
    });
}
