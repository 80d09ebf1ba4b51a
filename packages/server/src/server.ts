// Starts the HTTP server and closes it gracefully on SIGINT/SIGTERM (shutdown.ts: in-flight requests
// finish up to SHUTDOWN_TIMEOUT, then the ledger is flushed).
import { buildApp } from './app.js';
import type { PrimaryChannel } from './cluster/ipc-stores.js';
import { loadConfig } from './config.js';
import { closeGracefully } from './shutdown.js';

export interface StartServerOptions {
  port?: number;
  host?: string;
  /** Environment to read instead of process.env. */
  env?: Record<string, string | undefined>;
  /** Close on SIGINT/SIGTERM (default true). */
  handleSignals?: boolean;
  /** Where log lines go (default stdout): `gw serve` turns them into readable lines on a terminal. */
  logStream?: NodeJS.WritableStream;
  /** The line that shows a generated root password, in the starting user's language. */
  rootPasswordMessage?: (password: string) => string;
  /** A cluster worker's channel to its primary (cluster/serve-workers.ts). */
  primary?: PrimaryChannel;
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** Loads the config, builds the app and listens; what `gw serve` calls. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const loaded = loadConfig(options.env ?? process.env);
  const config = Object.freeze({
    ...loaded,
    port: options.port ?? loaded.port,
    host: options.host ?? loaded.host,
  });
  const app = await buildApp(config, {
    logStream: options.logStream,
    rootPasswordMessage: options.rootPasswordMessage,
    primary: options.primary,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shownHost}:${port}`;
  app.log.info(`gw listening on ${url}`);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= closeGracefully(app, config.shutdownTimeoutSeconds);
    return closing;
  };
  if (options.handleSignals ?? true) {
    const onSignal = (signal: NodeJS.Signals) => {
      app.log.info(`${signal} received, closing`);
      void close().then(() => process.exit(0));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    app.addHook('onClose', async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    });
  }
  return { url, close };
}
