// Where the ledger's batches are written. In the calling thread (tests, an in-memory SQLite database), or in
// a worker thread that owns its own connection (batch-writer-worker.ts): node:sqlite is synchronous, and a
// batch of a few hundred settlements written on the event loop held every other request for milliseconds
// (issue 13); PostgreSQL's and MySQL's drivers wait asynchronously, but building a batch's statements and
// encoding its thousands of values still took the event loop for milliseconds at a time.
// The same code applies the batch in both (applyIsolatingRefused, keepReject), so what is written is the
// same; only the thread differs.
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import { applyIsolatingRefused } from './isolate-refused.js';
import type { LedgerEntry } from './ledger-entry.js';
import { keepReject, type LedgerReject } from './ledger-rejects.js';

/** A set-aside entry and where it was kept ('lost': neither the table nor the file took it). */
export type KeptReject = LedgerReject & { keptIn: 'table' | 'file' | 'lost' };

/** What writing one batch did: as applyIsolatingRefused, with the entries set aside and where they went. */
export interface BatchWritten {
  applied: number;
  skipped: number;
  appliedIds: ReadonlySet<string>;
  rejected: number;
  kept: KeptReject[];
}

export interface BatchWriter {
  /** Applies `entries` in one transaction (refused ones isolated and kept); rejects when it must be retried. */
  write(entries: readonly LedgerEntry[], now: number): Promise<BatchWritten>;
  /** Ends the writer (the worker thread, if any); pending writes finish first. */
  close(): Promise<void>;
}

/**
 * Applies batches on `db` in this thread. With `onKept`, each entry set aside is told there as soon as it is
 * kept (and not returned in `kept`), so a write that fails later still reported the ones kept before.
 */
export function inThreadWriter(
  db: GwDb,
  nodeId: string,
  rejectsPath: string | undefined,
  onKept?: (reject: KeptReject) => void,
  begin: 'deferred' | 'immediate' = 'deferred',
): BatchWriter {
  return {
    async write(entries, now) {
      const kept: KeptReject[] = [];
      const result = await applyIsolatingRefused(
        db,
        entries,
        now,
        async (reject) => {
          const keptReject = { ...reject, keptIn: await keepReject(db, reject, nodeId, rejectsPath) };
          if (onKept) onKept(keptReject);
          else kept.push(keptReject);
        },
        begin,
      );
      return { ...result, kept };
    },
    close: async () => {},
  };
}

/** What the worker is started with (workerData). */
export interface WriterWorkerData {
  database: DatabaseConfig;
  nodeId: string;
  rejectsPath: string | undefined;
}

/** A message to the worker: close the connection and end. */
export interface WriterClose {
  close: true;
}

/** How long a closing writer thread may take to close its connection before it is stopped. */
const CLOSE_GRACE_MS = 5_000;

/** A message to the worker: one batch. */
export interface WriterRequest {
  seq: number;
  entries: readonly LedgerEntry[];
  now: number;
}

/** The worker's answer to a batch: what was written, or the error to retry on. */
export type WriterReply =
  | { seq: number; ok: true; written: Omit<BatchWritten, 'appliedIds'> & { appliedIds: string[] } }
  | { seq: number; ok: false; error: WriterError };

/** A failed write's error, as far as it crosses threads (the fields refused-row.ts looks at). */
export interface WriterError {
  message: string;
  code?: unknown;
  errcode?: unknown;
  name?: string;
}

/**
 * The worker's script. Built, it is the .js beside this file; under the TypeScript sources (tests) it is the
 * .ts, run with the same type stripping and import resolution the tests use.
 */
function workerScript(): { url: URL; execArgv: string[] } {
  const source = import.meta.url.endsWith('.ts');
  const url = new URL(`./batch-writer-worker.${source ? 'ts' : 'js'}`, import.meta.url);
  if (!source) return { url, execArgv: [] };
  const hooks = new URL('../../test-support/ts-resolve-hooks.mjs', import.meta.url);
  return {
    url,
    execArgv: [
      '--conditions=source',
      '--experimental-transform-types',
      '--no-warnings',
      '--import',
      hooks.href,
    ],
  };
}

/** Rebuilds a worker's error so refused-row detection (code, message) still works on it. */
function errorFrom(error: WriterError): Error {
  const rebuilt = new Error(error.message) as Error & { code?: unknown; errcode?: unknown };
  if (error.code !== undefined) rebuilt.code = error.code;
  if (error.errcode !== undefined) rebuilt.errcode = error.errcode;
  if (error.name) rebuilt.name = error.name;
  return rebuilt;
}

/**
 * Applies batches in a worker thread owning its own connection to the database `data.database`. The
 * worker is started at once; if it dies, the write in progress fails (the ledger retries it:
 * the marks keep it idempotent) and the next write starts a new one.
 */
export function workerThreadWriter(data: WriterWorkerData): BatchWriter {
  let worker: Worker | undefined;
  let seq = 0;
  const waiting = new Map<
    number,
    { resolve: (written: BatchWritten) => void; reject: (error: Error) => void }
  >();

  function failAll(error: Error): void {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const script = workerScript();
    const fresh = new Worker(script.url, { workerData: data, execArgv: script.execArgv });
    fresh.on('message', (reply: WriterReply) => {
      const pending = waiting.get(reply.seq);
      if (!pending) return;
      waiting.delete(reply.seq);
      if (waiting.size === 0) fresh.unref();
      if (reply.ok) pending.resolve({ ...reply.written, appliedIds: new Set(reply.written.appliedIds) });
      else pending.reject(errorFrom(reply.error));
    });
    fresh.on('error', (error) => failAll(error instanceof Error ? error : new Error(String(error))));
    fresh.on('exit', (code) => {
      if (worker === fresh) worker = undefined;
      failAll(new Error(`the ledger's writer thread exited (code ${code})`));
    });
    // An idle thread must not keep the process alive by itself (the ledger's close() ends it); while a
    // batch is out it does, so the process cannot end with the write half done and its answer unheard.
    fresh.unref();
    worker = fresh;
    return fresh;
  }

  // Started now, not at the first batch: a thread's start (loading its modules) takes a while, and the
  // ledger counts a batch as being written from the moment it is handed over.
  started();
  return {
    write(entries, now) {
      const thread = started();
      seq += 1;
      const request: WriterRequest = { seq, entries, now };
      return new Promise<BatchWritten>((resolve, reject) => {
        waiting.set(request.seq, { resolve, reject });
        thread.ref();
        thread.postMessage(request);
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      if (!thread) return;
      // The thread closes its connection and leaves; one that does not within the grace is stopped.
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      const grace = setTimeout(() => void thread.terminate(), CLOSE_GRACE_MS);
      thread.ref();
      thread.postMessage({ close: true } satisfies WriterClose);
      await exited;
      clearTimeout(grace);
    },
  };
}
