import type { CliContext } from '../runtime/context.js';
import { humanLogStream } from '../output/server-log.js';
import { restartWithServeFlags } from './serve-node-flags.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  /** `text` (readable lines) or `json` (pino's); default text on a terminal, json on a pipe. */
  logFormat?: 'text' | 'json';
  /** Relay processes behind the port (cluster); default: the server's (GW_WORKERS, else per database). */
  workers?: number;
}

/** The first start's root password as its own lines, in the user's language. */
function rootPasswordMessage(ctx: CliContext): (password: string) => string {
  return (password) =>
    `${ctx.t('cli.serve.root_created')}\n\n    ${password}\n\n${ctx.t('cli.serve.root_change')}`;
}

/** `gw serve`: loads the server only now (so other commands start fast) and runs until a signal. */
export async function runServe(ctx: CliContext, options: ServeOptions): Promise<void> {
  restartWithServeFlags();
  const text = (options.logFormat ?? (ctx.stdoutIsTty ? 'text' : 'json')) === 'text';
  const { serve } = await import('@gw/server');
  const worker = (await import('node:cluster')).default.isWorker;
  // The CLI owns the signals so it can say it is stopping and leave with its own exit code.
  const server = await serve({
    workers: options.workers,
    port: options.port,
    host: options.host,
    env: ctx.env,
    handleSignals: false,
    logStream: text ? humanLogStream(ctx.streams.stdout, ctx.paint) : undefined,
    rootPasswordMessage: rootPasswordMessage(ctx),
  });
  // A worker of `--workers` serves quietly: the primary says where and when.
  if (!worker) ctx.note(ctx.t('cli.serve.listening', { url: server.url }));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  if (!worker) ctx.note(ctx.t('cli.serve.stopping'));
  await server.close();
}
