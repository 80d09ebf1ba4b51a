import { Command } from 'commander';
import { formatIsoTimestamp, formatTimestamp, getStatus } from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { printJson, printRecord } from '../../output/print.js';
import { createClient, currentCredentials } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { CLI_VERSION } from '../../version.js';

/** `gw status`: the server's public site status (no sign-in needed). */
export function buildCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('status')
    .description(t('cli.status.description'))
    .option('--server <url>', t('cli.auth.login.server'))
    .option('--json', t('cli.flags.json'))
    .action(async (flags: { server?: string; json?: boolean }) => {
      const server = flags.server ?? currentCredentials(ctx).server;
      if (server === undefined) throw new CliError('usage', 'cli.errors.server_needed');
      const status = await getStatus(createClient(ctx, server));
      if (flags.json) {
        printJson(ctx, status);
        return;
      }
      const time = ctx.stdoutIsTty ? formatTimestamp : formatIsoTimestamp;
      printRecord(ctx, [
        { id: 'server', labelKey: 'cli.auth.whoami.server', value: server },
        { id: 'system_name', labelKey: 'cli.status.system_name', value: status.system_name },
        { id: 'version', labelKey: 'common.version', value: status.version || t('common.unknown_version') },
        { id: 'client_version', labelKey: 'cli.status.client_version', value: CLI_VERSION },
        { id: 'start_time', labelKey: 'cli.status.start_time', value: time(status.start_time) },
        { id: 'language', labelKey: 'common.language', value: status.language },
      ]);
    });
}
