import { createWriteStream } from 'node:fs';
import { Command, Option } from 'commander';
import { LOG_SCREEN } from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { refuseAdminFilters, screenForSignedIn } from '../../resource/role-screen.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { streamCall } from '../../runtime/stream.js';
import { logFilterFlags, logFilterQuery } from './log-query.js';

/** The file `--output` names, open for writing; a failure to open it is the user's to fix (exit 2). */
function openOutput(path: string): Promise<NodeJS.WritableStream & { end(cb: () => void): void }> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path);
    file.once('open', () => resolve(file));
    file.once('error', (error) =>
      reject(new CliError('usage', 'cli.errors.cannot_write', { path, cause: error.message })),
    );
  });
}

/**
 * `logs export --csv`: the server's CSV of the filtered logs (everyone's for admins, one's own below),
 * piped to stdout or `--output` as it arrives, so an export of any size takes no more memory than a chunk.
 */
export function logExportVerb(ctx: CliContext): Command {
  const command = new Command('export').description(ctx.t('cli.logs.export'));
  const flags = logFilterFlags(ctx, command);
  command
    .addOption(new Option('--csv', ctx.t('cli.flags.csv')).default(true))
    .option('-o, --output <file>', ctx.t('cli.logs.output'));
  return command.action(async (opts: Record<string, unknown>) => {
    const query = logFilterQuery(flags, opts);
    const { client, credentials } = signedInClient(ctx);
    const { admin, screen } = await screenForSignedIn(client, LOG_SCREEN);
    refuseAdminFilters(admin, flags, opts);
    const download = screen.csvDownload;
    if (!download) return;
    const params: Record<string, string | number> = { lang: ctx.language };
    for (const [name, value] of Object.entries(download.params(query))) {
      if (value !== undefined && value !== '') params[name] = value;
    }
    const output = typeof opts.output === 'string' && opts.output !== '-' ? opts.output : undefined;
    const sink = output ? await openOutput(output) : (process.stdout as NodeJS.WritableStream);
    try {
      await streamCall(ctx, credentials, { method: 'GET', path: download.path, query: params, sink });
    } finally {
      if (output) {
        const file = sink as NodeJS.WritableStream & { end(cb: () => void): void };
        await new Promise<void>((resolve) => file.end(resolve));
      }
    }
    if (output) ctx.note(ctx.t('cli.logs.exported', { path: output }));
  });
}
