// Token counting off the event loop (issue 8 item 2): a small pool of worker threads counts long texts so
// that one large prompt cannot stall every other request. Each task has a deadline; a task that misses
// it, finds the queue full or loses its worker resolves to the caller's estimate instead — counting is
// an estimate for holds and a fallback for billing, never a reason to fail or hang a request.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TokenEncodingName } from './text-tokens.js';

export interface TokenCountPoolOptions {
  /** Worker threads (each loads both encodings, ≈ 200 ms and some tens of MB, on start). */
  size: number;
  /** Tasks allowed to wait for a worker; one more resolves to its estimate at once. */
  queueLimit: number;
  /** From submission: a task still queued or running after this resolves to its estimate. */
  timeoutMs: number;
}

export interface TokenCountPoolStats {
  /** Tasks counted by a worker. */
  counted: number;
  /** Tasks answered with their estimate: queue full, deadline missed or worker failure. */
  estimated: number;
  /** Worker threads started (a worker is replaced only when it fails or overruns a task it was counting). */
  workersStarted: number;
}

export interface TokenCountPool {
  /** The summed token count of `pieces`, or `estimate` when the pool cannot count in time; never rejects. */
  count(encoding: TokenEncodingName, pieces: string[], estimate: number): Promise<number>;
  stats(): TokenCountPoolStats;
  /** Stops the workers; tasks still open resolve to their estimate. */
  close(): Promise<void>;
}

/**
 * The worker's code, evaluated as CommonJS: no file of its own, so it runs the same from the compiled
 * `dist/`, from the TypeScript sources under a test runner and from any bundle. The encodings' paths come
 * in `workerData` (resolved by the parent, where the package is known to be installed).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  // Linux: setpriority on a thread id renices that thread alone, so the event loop wins the cores over
  // counting when the machine is busy. Elsewhere there is no thread id to name; counting runs at normal
  // priority.
  const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(threadId, 10);
} catch {}
const asText = { disallowedSpecial: new Set() };
const encodings = {};
for (const [name, path] of Object.entries(workerData.encodings)) encodings[name] = require(path);
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, encoding, pieces }) => {
  let tokens = 0;
  for (const piece of pieces) tokens += encodings[encoding].countTokens(piece, asText);
  parentPort.postMessage({ id, tokens });
});
`;

const resolveEncoding = createRequire(import.meta.url);
const ENCODING_PATHS: Record<TokenEncodingName, string> = {
  cl100k_base: resolveEncoding.resolve('gpt-tokenizer/encoding/cl100k_base'),
  o200k_base: resolveEncoding.resolve('gpt-tokenizer/encoding/o200k_base'),
};

interface CountTask {
  id: number;
  encoding: TokenEncodingName;
  pieces: string[];
  estimate: number;
  resolve: (tokens: number) => void;
  timer: NodeJS.Timeout | undefined;
}

interface WorkerSlot {
  worker: Worker | undefined;
  /**
   * The worker has loaded its encodings. Until then it gets no task: a task's deadline must never end a
   * worker that is still starting (on a busy machine that takes seconds, and every start was cut short).
   */
  ready: boolean;
  task: CountTask | undefined;
}

export function createTokenCountPool(options: TokenCountPoolOptions): TokenCountPool {
  const slots: WorkerSlot[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    worker: undefined,
    ready: false,
    task: undefined,
  }));
  const queue: CountTask[] = [];
  const stats: TokenCountPoolStats = { counted: 0, estimated: 0, workersStarted: 0 };
  let nextId = 1;
  let closed = false;

  function finish(task: CountTask, tokens: number, counted: boolean): void {
    if (task.timer === undefined) return;
    clearTimeout(task.timer);
    task.timer = undefined;
    if (counted) stats.counted += 1;
    else stats.estimated += 1;
    task.resolve(tokens);
  }

  /** Drops a slot's worker (stuck past a deadline, or failed): its task gets the estimate. */
  function discardWorker(slot: WorkerSlot): void {
    const { worker, task } = slot;
    slot.worker = undefined;
    slot.ready = false;
    slot.task = undefined;
    if (task) finish(task, task.estimate, false);
    if (worker) void worker.terminate();
  }

  function startWorker(slot: WorkerSlot): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { encodings: ENCODING_PATHS } });
    stats.workersStarted += 1;
    // Idle workers must not keep a finished process (or a test run) alive.
    worker.unref();
    worker.on('message', (message: { id: number; tokens: number; ready?: boolean }) => {
      if (message.ready) {
        if (slot.worker === worker) slot.ready = true;
        dispatch();
        return;
      }
      const task = slot.task;
      if (slot.worker !== worker || task?.id !== message.id) return;
      slot.task = undefined;
      finish(task, message.tokens, true);
      dispatch();
    });
    const failed = () => {
      if (slot.worker !== worker) return;
      discardWorker(slot);
      dispatch();
    };
    worker.on('error', failed);
    worker.on('exit', failed);
    return worker;
  }

  /** Hands queued tasks to ready, idle workers; starts the workers that are missing while tasks wait. */
  function dispatch(): void {
    for (const slot of slots) {
      if (closed || queue.length === 0) return;
      if (!slot.worker) {
        slot.worker = startWorker(slot);
        continue;
      }
      if (!slot.ready || slot.task) continue;
      const task = queue.shift() as CountTask;
      slot.task = task;
      slot.worker.postMessage({ id: task.id, encoding: task.encoding, pieces: task.pieces });
    }
  }

  function expire(task: CountTask): void {
    const queued = queue.indexOf(task);
    if (queued >= 0) {
      queue.splice(queued, 1);
      finish(task, task.estimate, false);
      return;
    }
    const slot = slots.find((candidate) => candidate.task === task);
    // A count cannot be interrupted inside the worker: the worker is replaced so the next task starts now.
    if (slot) discardWorker(slot);
    dispatch();
  }

  return {
    count(encoding, pieces, estimate) {
      if (closed || queue.length >= options.queueLimit) {
        stats.estimated += 1;
        return Promise.resolve(estimate);
      }
      return new Promise<number>((resolve) => {
        const task: CountTask = { id: nextId++, encoding, pieces, estimate, resolve, timer: undefined };
        task.timer = setTimeout(() => expire(task), options.timeoutMs);
        task.timer.unref();
        queue.push(task);
        dispatch();
      });
    },
    stats: () => ({ ...stats }),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) finish(task, task.estimate, false);
      const workers = slots.map((slot) => slot.worker);
      for (const slot of slots) discardWorker(slot);
      await Promise.all(workers.map((worker) => worker?.terminate()));
    },
  };
}

/**
 * Defaults: one worker per core beyond the first (the first is left to the event loop), at most four;
 * 256 waiting tasks; 2 s per task. Past either bound a text is estimated from its length.
 */
export const DEFAULT_TOKEN_COUNT_POOL: TokenCountPoolOptions = {
  size: Math.min(4, Math.max(1, availableParallelism() - 1)),
  queueLimit: 256,
  timeoutMs: 2000,
};

let sharedPool: TokenCountPool | undefined;

/** The process's pool, started on first use (its workers start on the first long text). */
export function sharedTokenCountPool(): TokenCountPool {
  sharedPool ??= createTokenCountPool(DEFAULT_TOKEN_COUNT_POOL);
  return sharedPool;
}
