import type { CliContext } from '../runtime/context.js';
import { humanLogStream } from '../output/server-log.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  /** `text` (readable lines) or `json` (pino's); default text on a terminal, json on a pipe. */
  logFormat?: 'text' | 'json';
}

/** The first start's root password as its own lines, in the user's language. */
function rootPasswordMessage(ctx: CliContext): (password: string) => string {
  return (password) =>
    `${ctx.t('cli.serve.root_created')}\n\n    ${password}\n\n${ctx.t('cli.serve.root_change')}`;
}

/** `gw serve`: loads the server only now (so other commands start fast) and runs until a signal. */
export async function runServe(ctx: CliContext, options: ServeOptions): Promise<void> {
  const text = (options.logFormat ?? (ctx.stdoutIsTty ? 'text' : 'json')) === 'text';
  const { startServer } = await import('@gw/server');
  // The CLI owns the signals so it can say it is stopping and leave with its own exit code.
  const server = await startServer({
    port: options.port,
    host: options.host,
    env: ctx.env,
    handleSignals: false,
    logStream: text ? humanLogStream(ctx.streams.stdout, ctx.paint) : undefined,
    rootPasswordMessage: rootPasswordMessage(ctx),
  });
  ctx.note(ctx.t('cli.serve.listening', { url: server.url }));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  ctx.note(ctx.t('cli.serve.stopping'));
  await server.close();
}
