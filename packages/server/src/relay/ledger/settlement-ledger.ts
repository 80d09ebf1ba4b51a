// The relay's batched settlement ledger (behaviour spec §9.5, §9.6, §14.7 without its loss on crash): the
// hot path journals each settlement synchronously and returns; a timer applies the queued entries in one
// transaction per flush. Marks in `relay_settlements` make a replay after a crash apply each request at most
// once, and holds journaled as open are refunded at the next start.
import { nowSeconds } from '@gw/core';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import { applyLedgerBatch, pruneSettlementMarks } from './apply-batch.js';
import { RelayJournal, readSegment } from './journal.js';
import {
  assertValidEntry,
  entryDeltas,
  type LedgerEntry,
  type OpenHold,
  refundOfOpenHold,
} from './ledger-entry.js';

export type { LedgerEntry, NewConsumeLog, OpenHold } from './ledger-entry.js';

/** Queued entries that start a flush before the timer does. */
export const DEFAULT_MAX_BATCH = 1000;
/** Marks older than this are pruned at replay: no journal outlives a restart by that long. */
export const MARK_RETENTION_SECONDS = 2 * 24 * 3600;

export interface SettlementLedger {
  /** Synchronously journals the entry (appendFile/writeSync to the journal, no fsync) and queues it. */
  record(entry: LedgerEntry): void;
  /** Journals that a DB hold was taken (so a crash before settle/refund refunds it at the next start). */
  holdOpened(entry: OpenHold): void;
  /** Quota points this process has recorded but not yet flushed, per user / per token (negative = spent), so
   *  balance checks can see them. */
  pendingUserQuota(userId: number): number;
  pendingTokenQuota(tokenId: number): number;
  /** Applies every queued entry: in ONE transaction insert the marks, the log rows (chunks of 200), and the
   *  aggregated counter deltas per user/token/channel (one UPDATE per id with summed deltas). */
  flush(): Promise<void>;
  /** Replays the journal of this node at start (entries whose mark exists are skipped; open holds without a
   *  settle/refund are refunded), then deletes the replayed journal segments. Returns counts. */
  replay(): Promise<{ applied: number; skipped: number; refundedHolds: number }>;
  /** Stops the timer and flushes (graceful shutdown). */
  close(): Promise<void>;
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
  /** Told after a batch reached the database, with its entries' ids (readers caching balances drop them). */
  onApplied?: (ids: readonly string[]) => void;
}

/** Adds `amount` to a per-id sum, dropping ids that come back to zero so the maps do not grow. */
function addTo(sums: Map<number, number>, id: number, amount: number): void {
  const next = (sums.get(id) ?? 0) + amount;
  if (next === 0) sums.delete(id);
  else sums.set(id, next);
}

/** The settle/refund entries and the still-open holds of the given segments, in journal order. */
function readJournal(paths: readonly string[]): { entries: LedgerEntry[]; openHolds: OpenHold[] } {
  const entries: LedgerEntry[] = [];
  const holds = new Map<string, OpenHold>();
  for (const path of paths) {
    for (const line of readSegment(path)) {
      if ('entry' in line) entries.push(line.entry);
      else if (!holds.has(line.hold.id)) holds.set(line.hold.id, line.hold);
    }
  }
  const closed = new Set(entries.map((entry) => entry.id));
  return { entries, openHolds: [...holds.values()].filter((hold) => !closed.has(hold.id)) };
}

export function createSettlementLedger(options: SettlementLedgerOptions): SettlementLedger {
  const { db, nodeId, flushIntervalMs } = options;
  // The node id names the journal files: keep it to characters every file system takes.
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(nodeId)) throw new Error(`invalid relay node id "${nodeId}"`);
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const reportError = options.onError ?? (() => {});
  const journal = options.journalDir === undefined ? null : new RelayJournal(options.journalDir, nodeId);

  let queue: LedgerEntry[] = [];
  const openHolds = new Map<string, OpenHold>();
  const pendingUsers = new Map<number, number>();
  const pendingTokens = new Map<number, number>();

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

  /** A journal write that fails is reported, never thrown at the request: the entry stays queued in memory. */
  function journalLine(write: () => void): void {
    try {
      write();
    } catch (error) {
      reportError(error);
    }
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
    // New records go to a fresh segment; the holds still open are written there again so that deleting
    // the old segments below never forgets one.
    const covered = journal?.rotate() ?? [];
    if (journal) for (const hold of openHolds.values()) journalLine(() => journal.append({ hold }));
    await applyLedgerBatch(db, batch, nowSeconds());
    queue = queue.slice(batch.length);
    applyPending(batch, -1);
    options.onApplied?.(batch.map((entry) => entry.id));
    journal?.discard(covered);
  }

  function flushInBackground(): void {
    if (running > 0) return;
    exclusive(flushQueued).catch(reportError);
  }

  const timer = setInterval(flushInBackground, flushIntervalMs);
  timer.unref();

  return {
    record(entry) {
      assertValidEntry(entry);
      if (journal) journalLine(() => journal.append({ entry }));
      openHolds.delete(entry.id);
      queue.push(entry);
      applyPending([entry], 1);
      if (queue.length >= maxBatch) flushInBackground();
    },
    holdOpened(hold) {
      assertValidEntry(hold);
      openHolds.set(hold.id, { ...hold });
      if (journal) journalLine(() => journal.append({ hold }));
    },
    pendingUserQuota: (userId) => pendingUsers.get(userId) ?? 0,
    pendingTokenQuota: (tokenId) => pendingTokens.get(tokenId) ?? 0,
    flush: () => exclusive(flushQueued),
    replay: () =>
      exclusive(async () => {
        const now = nowSeconds();
        await pruneSettlementMarks(db, now, MARK_RETENTION_SECONDS);
        const segments = [...(journal?.leftoverSegments() ?? [])];
        if (segments.length === 0) return { applied: 0, skipped: 0, refundedHolds: 0 };
        const { entries, openHolds: unfinished } = readJournal(segments);
        const refunds = unfinished.map(refundOfOpenHold);
        const result = await applyLedgerBatch(db, [...entries, ...refunds], now);
        journal?.discard(segments);
        const refundedHolds = refunds.filter((refund) => result.appliedIds.has(refund.id)).length;
        return { applied: result.applied - refundedHolds, skipped: result.skipped, refundedHolds };
      }),
    async close() {
      clearInterval(timer);
      try {
        await exclusive(flushQueued);
      } finally {
        journal?.close();
      }
    },
  };
}
