// `gw serve` runs node with V8 flags that only node's command line takes (node refuses them in
// NODE_OPTIONS, and setting them at run time is too late: V8 reads them when the heap is made).
//
// --no-memory-reducer: under steady heavy load V8's memory reducer takes a busy gw for idle and runs a
// full collection that holds every request for 10–60 ms (bench/README.md, 1,000 requests/s: four in
// 40 s with it, none in 150 s without).

/** The flags, and how each is spelt when a user sets it either way on node's command line. */
const SERVE_NODE_FLAGS = [{ flag: '--no-memory-reducer', either: /^--(no-)?memory[-_]reducer$/ }];

/** The part of `process` the restart reads: passed in, so a test can say what it would do. */
export interface NodeProcess {
  platform: string;
  execPath: string;
  execArgv: string[];
  argv: string[];
  env: NodeJS.ProcessEnv;
  /** Present where node has it (22.15+, not on Windows). */
  execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never;
  /** Present when a parent talks to this process over an IPC channel (a cluster worker, a fork). */
  channel?: unknown;
}

/**
 * The node arguments to restart with, or undefined to go on as this process is: where execve is
 * missing, where an IPC channel would not survive it, or where every flag is already set either way
 * (`node --memory-reducer … serve` keeps V8's default).
 */
export function serveRestartArgs(proc: NodeProcess): string[] | undefined {
  if (typeof proc.execve !== 'function' || proc.platform === 'win32' || proc.channel !== undefined) return;
  const missing = SERVE_NODE_FLAGS.filter(({ either }) => !proc.execArgv.some((arg) => either.test(arg)));
  if (missing.length === 0) return;
  return [proc.execPath, ...proc.execArgv, ...missing.map(({ flag }) => flag), ...proc.argv.slice(1)];
}

/**
 * Replaces this process with node started with the serve flags: the same pid, the same standard
 * streams and environment, so signals, exit codes and a supervisor's view stay as they were. Call it
 * before anything is written or listened on. Returns when there is nothing to do, or when the restart
 * failed (node's binary replaced or gone since it started, say): gw then serves with V8's defaults.
 */
export function restartWithServeFlags(proc: NodeProcess = process as NodeProcess): void {
  const args = serveRestartArgs(proc);
  if (!args || !proc.execve) return;
  try {
    proc.execve(proc.execPath, args, proc.env);
  } catch {
    // The flags only tune the collector: serving without them beats not serving.
  }
}
