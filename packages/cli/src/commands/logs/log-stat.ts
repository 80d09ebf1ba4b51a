import { Command } from 'commander';
import { LOG_SCREEN, loadLogStat, logStatText } from '@gw/core';
import { jsonOption, jsonRequest, pickJson } from '../../output/json-fields.js';
import { columnContext, printJson, printRecord } from '../../output/print.js';
import { refuseAdminFilters, screenForSignedIn } from '../../resource/role-screen.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { quotaDisplayOf } from '../../runtime/site.js';
import { logFilterFlags, logFilterQuery } from './log-query.js';

/** `logs stat`: the quota used and the requests and tokens per minute of a filter, as the web's stat line. */
export function logStatVerb(ctx: CliContext): Command {
  const command = new Command('stat').alias('stats').description(ctx.t('cli.logs.stat'));
  const flags = logFilterFlags(ctx, command);
  command.addOption(jsonOption(ctx));
  return command.action(async (opts: Record<string, unknown>) => {
    const query = logFilterQuery(flags, opts);
    const { client } = signedInClient(ctx);
    const quota = opts.json ? undefined : quotaDisplayOf(client);
    const { admin } = await screenForSignedIn(client, LOG_SCREEN);
    refuseAdminFilters(admin, flags, opts);
    const stat = await loadLogStat(client, query, admin);
    if (opts.json) {
      printJson(ctx, pickJson(stat, jsonRequest(opts.json)));
      return;
    }
    // A terminal gets the web's stat line; a pipe `quota<TAB>points` and the rest, one a line.
    if (ctx.stdoutIsTty) {
      ctx.write(`${logStatText(stat, columnContext(ctx, await quota))}\n`);
      return;
    }
    printRecord(ctx, [
      { id: 'quota', labelKey: 'logs.fields.quota', value: String(stat.quota) },
      { id: 'rpm', labelKey: 'logs.fields.rpm', value: String(stat.rpm) },
      { id: 'tpm', labelKey: 'logs.fields.tpm', value: String(stat.tpm) },
    ]);
  });
}
