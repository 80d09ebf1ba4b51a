// `gw serve --workers N` (issue 13): N relay processes behind one port through node:cluster, so the relay
// uses every core. The primary process only forks the workers, restarts one that dies (the same index, so
// its journal, GW_NODE_ID-<index>, is replayed), and — without Redis — keeps the rate limiters, cooldowns and
// invalidations every worker shares (ipc-stores.ts). The first worker starts alone (it migrates the database
// and seeds it), the others once it listens.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { type DatabaseKind, loadConfig } from '../config.js';
import { type RunningServer, type StartServerOptions, startServer } from '../server.js';
import { servePrimaryStores } from './ipc-stores.js';

/** The default worker count: one per core on PostgreSQL/MySQL; one on SQLite (a single file, one writer). */
export function defaultWorkers(kind: DatabaseKind, cores = availableParallelism()): number {
  return kind === 'sqlite' ? 1 : Math.max(1, cores);
}

export interface ServeOptions extends StartServerOptions {
  /** Worker processes (default: GW_WORKERS, else defaultWorkers). 1 = this process serves alone. */
  workers?: number;
  /** Told of a worker that died and is started again (the primary's log). */
  onWorkerExit?: (index: number, code: number | null, signal: string | null) => void;
}

/** The message a primary sends its workers to make them close gracefully and exit. */
const SHUTDOWN = { gwShutdown: true } as const;
/** A worker that died is started again after this long (so one failing at start does not spin). */
const RESTART_DELAY_MS = 1_000;

/**
 * Serves as `gw serve` does: alone, as the primary of `workers` processes, or — in a forked process — as
 * one of them. In the primary the returned server's url is the shared port's; close() stops every worker.
 */
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  if (cluster.isWorker) return serveAsWorker(options);
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  const workers = options.workers ?? config.workers ?? defaultWorkers(config.database.kind);
  if (workers <= 1) return startServer(options);
  return servePrimary(options, env, workers, config.shutdownTimeoutSeconds);
}

async function serveAsWorker(options: ServeOptions): Promise<RunningServer> {
  const env = { ...(options.env ?? process.env) };
  const index = env.GW_WORKER_INDEX ?? String(cluster.worker?.id ?? 0);
  // Each worker journals under its own node id, stable across restarts of that worker.
  env.GW_NODE_ID = `${env.GW_NODE_ID ?? 'main'}-${index}`;
  const send = process.send?.bind(process);
  if (!send) throw new Error('a cluster worker without an IPC channel');
  const primary = {
    send: (message: unknown) => send(message),
    on: (event: 'message', listener: (message: unknown) => void) => process.on(event, listener),
    off: (event: 'message', listener: (message: unknown) => void) => process.off(event, listener),
  };
  const server = await startServer({ ...options, env, primary });
  process.on('message', (message: unknown) => {
    if (typeof message === 'object' && message !== null && 'gwShutdown' in message) {
      void server.close().then(() => process.exit(0));
    }
  });
  return server;
}

async function servePrimary(
  options: ServeOptions,
  env: Record<string, string | undefined>,
  count: number,
  shutdownTimeoutSeconds: number,
): Promise<RunningServer> {
  const live = new Map<number, Worker>();
  const stores = servePrimaryStores(() => live.values());
  let closing = false;

  function fork(index: number): Promise<number> {
    const worker = cluster.fork({ ...env, GW_WORKER_INDEX: String(index) });
    live.set(index, worker);
    stores.listen(worker);
    return new Promise<number>((resolve, reject) => {
      let listening = false;
      worker.once('listening', (address) => {
        listening = true;
        resolve(address.port);
      });
      worker.once('exit', (code, signal) => {
        if (live.get(index) === worker) live.delete(index);
        if (!listening) {
          reject(new Error(`worker ${index} exited (code ${code}, signal ${signal}) before listening`));
          return;
        }
        if (closing) return;
        options.onWorkerExit?.(index, code, signal);
        setTimeout(() => {
          if (!closing) fork(index).catch(() => {});
        }, RESTART_DELAY_MS).unref();
      });
    });
  }

  const stopAll = async (): Promise<void> => {
    closing = true;
    stores.close();
    const waits = [...live.values()].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const timer = setTimeout(() => worker.kill('SIGKILL'), (shutdownTimeoutSeconds + 5) * 1000);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          if (worker.isConnected()) worker.send(SHUTDOWN);
          else worker.kill('SIGTERM');
        }),
    );
    await Promise.all(waits);
  };

  let port: number;
  try {
    // The first alone: it migrates and seeds; the others then find the database ready.
    port = await fork(1);
    await Promise.all(Array.from({ length: count - 1 }, (_, at) => fork(at + 2)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const config = loadConfig(env);
  const host = options.host ?? config.host;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= stopAll();
    return closed;
  };
  if (options.handleSignals ?? true) {
    const onSignal = () => {
      void close().then(() => process.exit(0));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return { url: `http://${shownHost}:${port}`, close };
}
