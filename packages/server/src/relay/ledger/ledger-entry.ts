// What the relay hands the settlement ledger for one finished request, and the deltas it stands for.
import type { Insertable } from 'kysely';
import type { LogRow } from '../../db/tables.js';
import { type QuotaDeltas, refundDeltas, settlementDeltas } from '../billing/pre-consume.js';

/** The consume log row written together with a settlement. */
export type NewConsumeLog = Insertable<LogRow>;

export interface LedgerEntry {
  /** The request id; unique; marks the entry as applied. */
  id: string;
  kind: 'settle' | 'refund';
  /** Unix seconds. */
  at: number;
  userId: number;
  tokenId: number;
  tokenUnlimited: boolean;
  channelId: number;
  /** Points deducted by applyHold for this request (0 when no DB hold was taken). */
  hold: number;
  /** Final charge (settle only; 0 for refund). */
  quota: number;
  /** The consume log row to insert with the settlement (Insertable<LogRow>), or null (logging off, refunds). */
  log: NewConsumeLog | null;
}

/** A database hold taken by applyHold, as journals of versions before `relay_holds` recorded it. */
export interface OpenHold {
  id: string;
  userId: number;
  tokenId: number;
  tokenUnlimited: boolean;
  hold: number;
  at: number;
}

/** The longest request id the marks table takes (varchar(64)). */
export const MAX_REQUEST_ID_LENGTH = 64;

/** Throws on an entry that could not be applied (a programming error, caught before it is journaled). */
export function assertValidEntry(entry: { id: string; hold: number; quota?: number }): void {
  if (entry.id.length === 0 || entry.id.length > MAX_REQUEST_ID_LENGTH) {
    throw new Error(`ledger entry id must be 1–${MAX_REQUEST_ID_LENGTH} characters, got "${entry.id}"`);
  }
  for (const [name, value] of [
    ['hold', entry.hold],
    ['quota', entry.quota ?? 0],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new Error(`ledger entry ${name} must be a non-negative integer number of points, got ${value}`);
    }
  }
}

/** The counter changes one entry stands for, on top of the hold applyHold already took. */
export function entryDeltas(entry: LedgerEntry): QuotaDeltas {
  return entry.kind === 'settle'
    ? settlementDeltas(entry.quota, entry.hold, entry.tokenUnlimited)
    : refundDeltas(entry.hold, entry.tokenUnlimited);
}

/** The refund that closes a hold whose request never reported back (the process died in between). */
export function refundOfOpenHold(hold: OpenHold): LedgerEntry {
  return {
    id: hold.id,
    kind: 'refund',
    at: hold.at,
    userId: hold.userId,
    tokenId: hold.tokenId,
    tokenUnlimited: hold.tokenUnlimited,
    channelId: 0,
    hold: hold.hold,
    quota: 0,
    log: null,
  };
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_REQUEST_ID_LENGTH;
}

/** Whether a parsed journal line's entry has every field the ledger reads (an old or damaged line may not). */
export function isLedgerEntry(value: unknown): value is LedgerEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    isRequestId(entry.id) &&
    (entry.kind === 'settle' || entry.kind === 'refund') &&
    [entry.at, entry.userId, entry.tokenId, entry.channelId, entry.hold, entry.quota].every(isCount) &&
    typeof entry.tokenUnlimited === 'boolean' &&
    (entry.log === null || (typeof entry.log === 'object' && !Array.isArray(entry.log)))
  );
}

/** Whether a parsed journal line's hold (written by versions before holds were rows) is complete. */
export function isOpenHold(value: unknown): value is OpenHold {
  if (typeof value !== 'object' || value === null) return false;
  const hold = value as Record<string, unknown>;
  return (
    isRequestId(hold.id) &&
    [hold.at, hold.userId, hold.tokenId, hold.hold].every(isCount) &&
    typeof hold.tokenUnlimited === 'boolean'
  );
}
