import { Command, Option } from 'commander';
import { parseIntegerText } from '../../input/values.js';
import type { CliContext } from '../../runtime/context.js';
import { runServe } from '../../lazy/serve.js';

/** `gw serve`: runs the gateway (the server's code loads only for this command). */
export function buildCommand(ctx: CliContext): Command {
  return new Command('serve')
    .description(ctx.t('cli.serve.description'))
    .option('--port <n>', ctx.t('cli.serve.port'))
    .option('--host <host>', ctx.t('cli.serve.host'))
    .addOption(new Option('--log-format <format>', ctx.t('cli.serve.log_format')).choices(['text', 'json']))
    .option('--workers <n>', ctx.t('cli.serve.workers'))
    .action(
      async (flags: { port?: string; host?: string; logFormat?: 'text' | 'json'; workers?: string }) => {
        const port = flags.port === undefined ? undefined : parseIntegerText(flags.port, '--port', 0, 65_535);
        const workers =
          flags.workers === undefined ? undefined : parseIntegerText(flags.workers, '--workers', 1, 256);
        await runServe(ctx, { port, host: flags.host, logFormat: flags.logFormat, workers });
      },
    );
}
