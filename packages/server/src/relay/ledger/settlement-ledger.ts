// The relay's batched settlement ledger (behaviour spec §9.5, §9.6, §14.7 without its loss on crash): the
// hot path queues each settlement, journals it with the others of its event-loop turn (one write) and waits
// for that write; a timer applies the queued entries in one
// transaction per flush. Marks in `relay_settlements` make a replay after a crash apply each request at most
// once. Open holds are rows of `relay_holds` (hold.ts) deleted with their settlement; those a dead process
// left are refunded at the next start (journals of older versions, which wrote hold lines, are still read
// and their open holds refunded too). An entry the database refuses is set
// aside (ledger-rejects.ts) so it never blocks the others; other failures are retried with back-off.
import { nowSeconds } from '@gw/core';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import { pruneSettlementMarks } from './apply-batch.js';
import { holdOwnerOf } from './hold-owner.js';
import { type BatchWriter, inThreadWriter, type KeptReject } from './batch-writer.js';
import { applyIsolatingRefused } from './isolate-refused.js';
import { RelayJournal, readSegment } from './journal.js';
import {
  assertValidEntry,
  entryDeltas,
  isLedgerEntry,
  isOpenHold,
  type LedgerEntry,
  type OpenHold,
  refundOfOpenHold,
} from './ledger-entry.js';
import { keepReject, type LedgerReject, rejectsFile } from './ledger-rejects.js';
import { refundLeftoverHolds } from './leftover-holds.js';

export type { LedgerEntry, NewConsumeLog, OpenHold } from './ledger-entry.js';
export type { LedgerReject } from './ledger-rejects.js';

export type { KeptReject } from './batch-writer.js';

/** Queued entries that start a flush before the timer does. */
export const DEFAULT_MAX_BATCH = 1000;
/** Marks older than this are pruned at replay: no journal outlives a restart by that long. */
export const MARK_RETENTION_SECONDS = 2 * 24 * 3600;
/** The longest wait between two timer flushes while the database keeps failing. */
export const MAX_RETRY_BACKOFF_MS = 60_000;
/**
 * Written batches whose sums are kept, so a balance read a few batches ago still adds up exactly (a balance
 * is used at most a second or so after its read; batches are written every BATCH_UPDATE_INTERVAL or 250
 * settlements).
 */
export const WRITTEN_HISTORY = 64;

/** What `record` returns without a journal: nothing to wait for. */
const RECORDED: Promise<void> = Promise.resolve();

export interface SettlementLedger {
  /**
   * Queues the entry (balances see it at once) and journals it with the other entries of this turn of the
   * event loop (one write, no fsync); the promise resolves once its line is in the journal, so a caller that
   * waits for it knows the charge survives a crash. It never rejects: a failed journal write is reported.
   */
  record(entry: LedgerEntry): Promise<void>;
  /** The owner to give applyHold: this node and its data folder, whose next start refunds what it left. */
  readonly holdOwner: string;
  /** Quota points this process has recorded but not yet flushed, per user / per token (negative = spent), so
   *  balance checks can see them. */
  pendingUserQuota(userId: number): number;
  pendingTokenQuota(tokenId: number): number;
  /**
   * How many batches this process has written: the stamp of a balance read from the database. A row read
   * while the stamp stayed the same holds every batch up to it and none after (see stampedRead).
   */
  readonly writtenBatches: number;
  /**
   * True while a batch is being written: it may already be committed (a reader on another connection sees
   * it) while writtenBatches still says it is not, so a balance read while this is true is not stamped.
   */
  readonly writing: boolean;
  /** Resolves once no batch is being written (at once when none is). */
  written(): Promise<void>;
  /**
   * The change to a user's / a token's balance that a row read at stamp `since` does not hold: the unwritten
   * sums plus the batches written after `since`. Undefined when `since` is older than the batches kept
   * (WRITTEN_HISTORY): the row must be read again.
   */
  unwrittenUserQuota(userId: number, since: number): number | undefined;
  unwrittenTokenQuota(tokenId: number, since: number): number | undefined;
  /** Applies every queued entry: in ONE transaction insert the marks, the log rows (chunks of 200), and the
   *  aggregated counter deltas per user/token/channel (one UPDATE per id with summed deltas). */
  flush(): Promise<void>;
  /** Replays the journal of this node at start (entries whose mark exists are skipped), then deletes the
   *  replayed segments; the first call also refunds the holds an earlier run of this node left open (and any
   *  older than HOLD_LEASE_SECONDS), so call it at start, before any hold is taken. Returns counts. */
  replay(): Promise<ReplayResult>;
  /** Stops the timer and flushes (graceful shutdown). Never rejects: what could not be written stays in
   *  the journal for the next start, and the failure goes to onError. */
  close(): Promise<void>;
}

/** What a replay did: entries applied, skipped as already applied, holds refunded, entries set aside. */
export interface ReplayResult {
  applied: number;
  skipped: number;
  refundedHolds: number;
  rejected: number;
}

export interface SettlementLedgerOptions {
  db: GwDb;
  dbKind: DatabaseKind;
  /** Folder of the journal segments (`<dir>/relay-journal/<nodeId>-<seq>.jsonl`); undefined = no journal (tests of
   *  pure batching only). */
  journalDir: string | undefined;
  nodeId: string;
  flushIntervalMs: number;
  maxBatch?: number;
  onError?: (error: unknown) => void;
  /** Told of each entry set aside because the database refused it (the operator must hear of it). */
  onRejected?: (reject: KeptReject) => void;
  /** Told after a batch reached the database, with its entries' ids (readers caching balances drop them). */
  onApplied?: (ids: readonly string[]) => void;
  /**
   * Writes the flushed batches (default: on `db`, in this thread). The relay gives a SQLite file a worker
   * thread of its own (batch-writer.ts); replay and set-asides at start still use `db`.
   */
  writer?: BatchWriter;
}

/** Adds `amount` to a per-id sum, dropping ids that come back to zero so the maps do not grow. */
function addTo(sums: Map<number, number>, id: number, amount: number): void {
  const next = (sums.get(id) ?? 0) + amount;
  if (next === 0) sums.delete(id);
  else sums.set(id, next);
}

/**
 * The settle/refund entries and the still-open holds of the given segments, in journal order, and the lines
 * that are neither (damaged, or from a version that wrote something else): those are set aside, not fatal.
 */
function readJournal(paths: readonly string[]): {
  entries: LedgerEntry[];
  openHolds: OpenHold[];
  malformed: unknown[];
} {
  const entries: LedgerEntry[] = [];
  const holds = new Map<string, OpenHold>();
  const malformed: unknown[] = [];
  for (const path of paths) {
    for (const line of readSegment(path) as unknown[]) {
      const fields = (typeof line === 'object' && line !== null ? line : {}) as {
        entry?: unknown;
        hold?: unknown;
      };
      if (isLedgerEntry(fields.entry)) entries.push(fields.entry);
      else if (isOpenHold(fields.hold)) {
        if (!holds.has(fields.hold.id)) holds.set(fields.hold.id, fields.hold);
      } else malformed.push(line);
    }
  }
  const closed = new Set(entries.map((entry) => entry.id));
  return { entries, openHolds: [...holds.values()].filter((hold) => !closed.has(hold.id)), malformed };
}

export function createSettlementLedger(options: SettlementLedgerOptions): SettlementLedger {
  const { db, nodeId, flushIntervalMs } = options;
  // The node id names the journal files: keep it to characters every file system takes.
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(nodeId)) throw new Error(`invalid relay node id "${nodeId}"`);
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const reportError = options.onError ?? (() => {});
  // A journal write that fails is reported, never thrown at the request: the entry stays queued in memory.
  const journal =
    options.journalDir === undefined ? null : new RelayJournal(options.journalDir, nodeId, reportError);
  const rejectsPath = rejectsFile(options.journalDir, nodeId);
  const holdOwner = holdOwnerOf(options.journalDir, nodeId);
  let leftoversRefunded = false;
  const writer =
    options.writer ?? inThreadWriter(db, nodeId, rejectsPath, (reject) => options.onRejected?.(reject));
  let writing = false;
  let writeDone: Promise<void> = Promise.resolve();
  let endWrite = () => {};

  /** Keeps a refused entry and tells the operator; resolves once it is kept (or known lost). */
  async function setAside(reject: LedgerReject): Promise<void> {
    const keptIn = await keepReject(db, reject, nodeId, rejectsPath);
    options.onRejected?.({ ...reject, keptIn });
  }

  // Consecutive failed flushes push the next timer flush back (doubling up to MAX_RETRY_BACKOFF_MS), so a
  // database that is down is not hammered; an explicit flush() or close() always tries.
  let failures = 0;
  let retryAt = 0;

  let queue: LedgerEntry[] = [];
  const pendingUsers = new Map<number, number>();
  const pendingTokens = new Map<number, number>();
  // The sums of the last WRITTEN_HISTORY written batches, oldest first; batch n (1-based) moved its sums
  // from the pending maps into the database when writtenBatches went from n − 1 to n.
  let writtenBatches = 0;
  const written: Array<{ users: Map<number, number>; tokens: Map<number, number> }> = [];

  /** Pending plus what the batches written after `since` moved out of pending; undefined when too old. */
  function unwritten(pick: 'users' | 'tokens', id: number, since: number): number | undefined {
    if (since > writtenBatches || writtenBatches - since > written.length) return undefined;
    let sum = (pick === 'users' ? pendingUsers : pendingTokens).get(id) ?? 0;
    for (let index = written.length - (writtenBatches - since); index < written.length; index++) {
      sum += written[index]?.[pick].get(id) ?? 0;
    }
    return sum;
  }

  // Flushes and the replay run one at a time, in call order.
  let chain: Promise<unknown> = Promise.resolve();
  let running = 0;
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    running += 1;
    const next = chain.then(task).finally(() => {
      running -= 1;
    });
    chain = next.catch(() => {});
    return next;
  }

  function applyPending(entries: readonly LedgerEntry[], sign: 1 | -1): void {
    for (const entry of entries) {
      const deltas = entryDeltas(entry);
      addTo(pendingUsers, entry.userId, sign * deltas.userQuota);
      if (entry.tokenId > 0) addTo(pendingTokens, entry.tokenId, sign * deltas.tokenRemainQuota);
    }
  }

  async function flushQueued(): Promise<void> {
    if (queue.length === 0) return;
    // A copy: records made while the transaction runs are pushed onto `queue` and belong to the next flush.
    const batch = queue.slice();
    // New records go to a fresh segment, so the old ones can be deleted once this batch commits.
    const covered = journal?.rotate() ?? [];
    let kept: KeptReject[];
    writing = true;
    writeDone = new Promise<void>((resolve) => {
      endWrite = resolve;
    });
    try {
      ({ kept } = await writer.write(batch, nowSeconds()));
    } catch (error) {
      writing = false;
      endWrite();
      failures += 1;
      retryAt = Date.now() + Math.min(flushIntervalMs * 2 ** failures, MAX_RETRY_BACKOFF_MS);
      throw error;
    }
    for (const reject of kept) options.onRejected?.(reject);
    failures = 0;
    retryAt = 0;
    // Applied, skipped or set aside: every entry of the batch is done with.
    queue = queue.slice(batch.length);
    // In the same step as the pending sums drop: a reader sees either the batch pending or the stamp moved.
    const sums = { users: new Map<number, number>(), tokens: new Map<number, number>() };
    for (const entry of batch) {
      const deltas = entryDeltas(entry);
      addTo(sums.users, entry.userId, deltas.userQuota);
      if (entry.tokenId > 0) addTo(sums.tokens, entry.tokenId, deltas.tokenRemainQuota);
    }
    written.push(sums);
    if (written.length > WRITTEN_HISTORY) written.shift();
    writtenBatches += 1;
    writing = false;
    endWrite();
    applyPending(batch, -1);
    options.onApplied?.(batch.map((entry) => entry.id));
    journal?.discard(covered);
  }

  function flushInBackground(): void {
    if (running > 0 || Date.now() < retryAt) return;
    exclusive(flushQueued).catch(reportError);
  }

  /** Applies the entries of the segments an earlier process left, and refunds the holds they left open. */
  async function replayJournal(now: number): Promise<ReplayResult> {
    const segments = [...(journal?.leftoverSegments() ?? [])];
    if (segments.length === 0) return { applied: 0, skipped: 0, refundedHolds: 0, rejected: 0 };
    const { entries, openHolds: unfinished, malformed } = readJournal(segments);
    for (const line of malformed) {
      await setAside({
        entry: line,
        requestId: '',
        applied: false,
        error: 'not a ledger journal line',
        at: now,
      });
    }
    // Hold lines come only from journals of versions before `relay_holds`.
    const refunds = unfinished.map(refundOfOpenHold);
    const result = await applyIsolatingRefused(db, [...entries, ...refunds], now, setAside);
    journal?.discard(segments);
    const refundedHolds = refunds.filter((refund) => result.appliedIds.has(refund.id)).length;
    return {
      applied: result.applied - refundedHolds,
      skipped: result.skipped,
      refundedHolds,
      rejected: result.rejected + malformed.length,
    };
  }

  const timer = setInterval(flushInBackground, flushIntervalMs);
  timer.unref();

  return {
    record(entry) {
      assertValidEntry(entry);
      const journaled = journal ? journal.appendSoon({ entry }) : RECORDED;
      queue.push(entry);
      applyPending([entry], 1);
      if (queue.length >= maxBatch) flushInBackground();
      return journaled;
    },
    holdOwner,
    pendingUserQuota: (userId) => pendingUsers.get(userId) ?? 0,
    pendingTokenQuota: (tokenId) => pendingTokens.get(tokenId) ?? 0,
    get writtenBatches() {
      return writtenBatches;
    },
    get writing() {
      return writing;
    },
    written: () => (writing ? writeDone : Promise.resolve()),
    unwrittenUserQuota: (userId, since) => unwritten('users', userId, since),
    unwrittenTokenQuota: (tokenId, since) => unwritten('tokens', tokenId, since),
    flush: () => exclusive(flushQueued),
    replay: () =>
      exclusive(async () => {
        const now = nowSeconds();
        await pruneSettlementMarks(db, now, MARK_RETENTION_SECONDS);
        const result = await replayJournal(now);
        // Only once, before this process takes holds of its own: later its rows are requests in flight.
        if (!leftoversRefunded) {
          leftoversRefunded = true;
          let rejected = 0;
          const refunded = await refundLeftoverHolds(db, holdOwner, now, async (reject) => {
            rejected += 1;
            await setAside(reject);
          });
          result.refundedHolds += refunded.length;
          result.rejected += rejected;
        }
        return result;
      }),
    async close() {
      clearInterval(timer);
      try {
        await exclusive(flushQueued);
      } catch (error) {
        // The entries stay in the journal: the next start replays them. Stopping must not fail for it.
        reportError(error);
      } finally {
        journal?.close();
        await writer.close().catch(reportError);
      }
    },
  };
}
