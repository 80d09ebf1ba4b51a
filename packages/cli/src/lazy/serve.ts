import type { CliContext } from '../runtime/context.js';

/** `gw serve`: loads the server only now (so other commands start fast) and runs until a signal. */
export async function runServe(ctx: CliContext, options: { port?: number; host?: string }): Promise<void> {
  const { startServer } = await import('@gw/server');
  // The CLI owns the signals so it can say it is stopping and leave with its own exit code.
  const server = await startServer({
    port: options.port,
    host: options.host,
    env: ctx.env,
    handleSignals: false,
  });
  ctx.note(ctx.t('cli.serve.listening', { url: server.url }));
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  ctx.note(ctx.t('cli.serve.stopping'));
  await server.close();
}
