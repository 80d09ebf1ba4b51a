// Applies a batch of ledger entries in ONE transaction: the marks that make replay idempotent, the summed
// counter deltas (one UPDATE per token, user and channel), the consume logs, and the deletion of the open
// hold rows the entries close. Either all of it commits or none of it does, so a failed flush can simply be
// retried.
import { sql } from 'kysely';
import type { GwDb } from '../../db/database.js';
import { insertRows } from './insert-rows.js';
import { entryDeltas, type LedgerEntry, type NewConsumeLog } from './ledger-entry.js';

/** Rows per multi-row INSERT (spec §12.1: logs go in chunks of 200). */
export const INSERT_CHUNK = 200;
/** Ids per `IN (…)` list when looking up existing marks. */
const LOOKUP_CHUNK = 500;

interface TokenSums {
  remain: number;
  used: number;
  lastAccess: number;
}
interface UserSums {
  quota: number;
  used: number;
  requests: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Ascending ids: every writer locks rows in the same order, so concurrent flushes do not deadlock. */
function byId<T>(sums: Map<number, T>): [number, T][] {
  return [...sums.entries()].sort(([a], [b]) => a - b);
}

function sumDeltas(entries: readonly LedgerEntry[]) {
  const tokens = new Map<number, TokenSums>();
  const users = new Map<number, UserSums>();
  const channels = new Map<number, number>();
  for (const entry of entries) {
    const deltas = entryDeltas(entry);
    if (entry.tokenId > 0) {
      const token = tokens.get(entry.tokenId) ?? { remain: 0, used: 0, lastAccess: 0 };
      token.remain += deltas.tokenRemainQuota;
      token.used += deltas.tokenUsedQuota;
      token.lastAccess = Math.max(token.lastAccess, entry.at);
      tokens.set(entry.tokenId, token);
    }
    const user = users.get(entry.userId) ?? { quota: 0, used: 0, requests: 0 };
    user.quota += deltas.userQuota;
    user.used += deltas.userUsedQuota;
    user.requests += deltas.userRequestCount;
    users.set(entry.userId, user);
    if (entry.channelId > 0 && deltas.channelUsedQuota !== 0) {
      channels.set(entry.channelId, (channels.get(entry.channelId) ?? 0) + deltas.channelUsedQuota);
    }
  }
  return { tokens, users, channels };
}

/**
 * Widths of the logs table's varchar columns (migration 2026-05-20). PostgreSQL and strict MySQL refuse a
 * longer value, and one refused row would fail every retry of its batch, so values are cut to fit.
 */
const LOG_TEXT_WIDTHS = { username: 64, token_name: 128, model_name: 255, source_ip: 64 } as const;
/** MySQL TEXT holds 65,535 bytes: a quarter of that in characters fits any UTF-8. */
const LOG_CONTENT_WIDTH = 16_000;

function fit(text: string | undefined, width: number): string | undefined {
  if (text === undefined || text.length <= width) return text;
  return Array.from(text).slice(0, width).join('');
}

/** The log row as written: its quota is the entry's charge, so Σ logged quota = −Σ user quota change. */
function logRowOf(entry: LedgerEntry): NewConsumeLog | null {
  if (entry.kind !== 'settle' || entry.log === null) return null;
  const row: NewConsumeLog = { ...entry.log, quota: entry.quota };
  row.content = fit(row.content, LOG_CONTENT_WIDTH) ?? '';
  for (const [column, width] of Object.entries(LOG_TEXT_WIDTHS) as [keyof typeof LOG_TEXT_WIDTHS, number][]) {
    const value = fit(row[column], width);
    if (value !== undefined) row[column] = value;
  }
  return row;
}

/** Keeps the first entry of each id, in order. */
function distinctById(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
}

/**
 * Applies the entries not yet marked, in order, in one transaction; `now` (Unix seconds) dates the marks.
 * Returns how many were applied and how many were skipped as already applied (or repeated in the batch).
 */
export async function applyLedgerBatch(
  db: GwDb,
  entries: readonly LedgerEntry[],
  now: number,
  begin: 'deferred' | 'immediate' = 'deferred',
): Promise<{ applied: number; skipped: number; appliedIds: ReadonlySet<string> }> {
  if (entries.length === 0) return { applied: 0, skipped: 0, appliedIds: new Set() };
  if (begin === 'immediate') {
    // SQLite shared by several writers: a deferred transaction that reads first and then writes fails at
    // once with "database is locked" when another connection wrote in between (no busy wait applies);
    // BEGIN IMMEDIATE takes the write lock up front and waits for it (busy_timeout).
    return db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await applyLedgerEntriesIn(connection, entries, now);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => {});
        throw error;
      }
    });
  }
  return db.transaction().execute((trx) => applyLedgerEntriesIn(trx, entries, now));
}

/** applyLedgerBatch inside a transaction the caller opened (and commits or rolls back): pass the trx. */
export async function applyLedgerEntriesIn(
  trx: GwDb,
  entries: readonly LedgerEntry[],
  now: number,
): Promise<{ applied: number; skipped: number; appliedIds: ReadonlySet<string> }> {
  const distinct = distinctById(entries);
  if (distinct.length === 0) return { applied: 0, skipped: entries.length, appliedIds: new Set() };
  const marked = new Set<string>();
  for (const ids of chunks(
    distinct.map((entry) => entry.id),
    LOOKUP_CHUNK,
  )) {
    const rows = await trx
      .selectFrom('relay_settlements')
      .select('request_id')
      .where('request_id', 'in', ids)
      .execute();
    for (const row of rows) marked.add(row.request_id);
  }
  const fresh = distinct.filter((entry) => !marked.has(entry.id));
  if (fresh.length === 0) return { applied: 0, skipped: entries.length, appliedIds: new Set() };

  for (const part of chunks(fresh, INSERT_CHUNK)) {
    await insertRows(
      trx,
      'relay_settlements',
      part.map((entry) => ({ request_id: entry.id, created_at: now })),
    );
  }
  // Tokens, then users, then channels: the lock order applyHold uses too.
  const sums = sumDeltas(fresh);
  for (const [id, token] of byId(sums.tokens)) {
    await trx
      .updateTable('tokens')
      .set({
        remain_quota: sql`remain_quota + ${token.remain}`,
        used_quota: sql`used_quota + ${token.used}`,
        accessed_time: token.lastAccess,
      })
      .where('id', '=', id)
      .execute();
  }
  for (const [id, user] of byId(sums.users)) {
    if (user.quota === 0 && user.used === 0 && user.requests === 0) continue;
    await trx
      .updateTable('users')
      .set({
        quota: sql`quota + ${user.quota}`,
        used_quota: sql`used_quota + ${user.used}`,
        request_count: sql`request_count + ${user.requests}`,
      })
      .where('id', '=', id)
      .execute();
  }
  for (const [id, used] of byId(sums.channels)) {
    await trx
      .updateTable('channels')
      .set({ used_quota: sql`used_quota + ${used}` })
      .where('id', '=', id)
      .execute();
  }
  const logs = fresh.map(logRowOf).filter((row): row is NewConsumeLog => row !== null);
  for (const part of chunks(logs, INSERT_CHUNK)) {
    await insertRows(trx, 'logs', part);
  }
  // The hold is closed in the same transaction that settles or refunds it: a crash leaves one or the other.
  const held = fresh.filter((entry) => entry.hold > 0).map((entry) => entry.id);
  for (const ids of chunks(held, LOOKUP_CHUNK)) {
    await trx.deleteFrom('relay_holds').where('request_id', 'in', ids).execute();
  }
  return {
    applied: fresh.length,
    skipped: entries.length - fresh.length,
    appliedIds: new Set(fresh.map((entry) => entry.id)),
  };
}

/** Deletes marks older than `maxAgeSeconds` (replay only needs marks as old as a journal can be). */
export async function pruneSettlementMarks(db: GwDb, now: number, maxAgeSeconds: number): Promise<void> {
  await db
    .deleteFrom('relay_settlements')
    .where('created_at', '<', now - maxAgeSeconds)
    .execute();
}
