// The requests of a user (and of a limited key) that are running or settled-but-unwritten, counted against
// the balance before a new request is let through (hardening of spec §9.4). One-hub checks each request
// against the balance alone, so the overdraft grows with concurrency; here a request is admitted only when
// the balance covers it on top of every other in-flight claim — or when nothing else of the user runs, so
// sequential use behaves exactly like one-hub and a user ends no lower than one request's excess.
import { BatchDeleteMap } from './batch-delete-map.js';

/** One request's claim on the balances. */
export interface InFlightClaim {
  /** The request id (unique per request). */
  id: string;
  userId: number;
  /** The limited token's id, or undefined when the key is unlimited (its balance is not checked). */
  tokenId: number | undefined;
  /** Points counted while the request runs (see inFlightBound). */
  points: number;
  /** The one-hub minimum: with nothing else in flight a balance ≥ this is enough for all of `points`. */
  minimum: number;
  /**
   * The fewest points the request accepts when the balance beside the other claims covers less than
   * `points`: it is then granted what is left, and its completion is limited to it (see completion-budget).
   * Undefined: all of `points` or nothing.
   */
  least?: number;
}

/** What a running claim asks for when it grows (a stream whose reply outgrew its claim). */
export interface InFlightGrowth {
  /** The points the claim would like to hold. */
  points: number;
  /** Below this the growth is refused (the stream is cut). */
  least: number;
}

/** The balances a claim is checked against: stored + this process's unwritten charges. */
export interface InFlightBalances {
  user: number;
  /** The limited token's remaining quota; undefined for an unlimited key. */
  token: number | undefined;
}

/**
 * The balances, or how to read them: a function is called by the store in the very step that checks the
 * other claims (for Redis, as the script is sent), so a request that settles in between is counted once —
 * as its claim or as its charge — never as neither (see stored-balances). The relay always passes one.
 */
export type InFlightBalanceSource = InFlightBalances | (() => InFlightBalances);

/** The balances of a source, read now. */
export function readBalances(source: InFlightBalanceSource): InFlightBalances {
  return typeof source === 'function' ? source() : source;
}

export interface InFlightStore {
  /** Atomically checks the claim against the balances and the other claims, and records it when it fits.
   *  Returns which balance refused it, or the points granted (`claim.points`, or less — see `least`). */
  admit(claim: InFlightClaim, balances: InFlightBalanceSource): Promise<'user' | 'token' | number>;
  /**
   * Atomically grows a running claim when the balances cover it beside every other claim — never on the
   * one-hub minimum. Resolves to the claim's points after, or undefined when refused (claim unchanged).
   * `balances` must be fresh (a row read for this growth), as a long request outlives any cache.
   */
  grow(claimId: string, growth: InFlightGrowth, balances: InFlightBalanceSource): Promise<number | undefined>;
  /** The request ended without a charge: its claim is dropped. */
  release(claimId: string): void;
  /** The request settled: until its ledger entry is written, other processes count what it still owes. */
  settled(claimId: string, owed: { user: number; token: number }): void;
  /** The ledger wrote these entries to the database. */
  written(ids: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * The admission rule, shared by both stores: others = the sum of other claims, running = how many run.
 * Returns the points granted, or undefined when refused. A lone request is granted on the one-hub minimum
 * (sequential use behaves like one-hub); beside others, a request gets what it asks or, down to its
 * `least`, what is left.
 */
export function grant(
  balance: number,
  others: number,
  running: number,
  claim: Pick<InFlightClaim, 'points' | 'minimum' | 'least'>,
): number | undefined {
  const room = balance - others;
  if (room >= claim.points) return claim.points;
  if (running === 0 && room >= claim.minimum) return claim.points;
  if (claim.least !== undefined && room >= claim.least) return room;
  return undefined;
}

/** The growth rule: what is asked, or down to `least` what is left; never past the balance. */
export function grantGrowth(balance: number, others: number, growth: InFlightGrowth): number | undefined {
  const room = balance - others;
  if (room >= growth.points) return growth.points;
  if (room >= growth.least) return room;
  return undefined;
}

interface Sum {
  points: number;
  count: number;
}

function add(sums: BatchDeleteMap<number, Sum>, id: number, points: number, count: number): void {
  const sum = sums.get(id);
  if (!sum) {
    sums.set(id, { points, count });
    return;
  }
  sum.points += points;
  sum.count += count;
  if (sum.count === 0) sums.delete(id);
}

/**
 * The claims of one process. Its settled charges are already in its ledger's pending sums, so a claim is
 * simply dropped when its request ends.
 */
export class MemoryInFlightStore implements InFlightStore {
  // Entries come and go with requests: see batch-delete-map.ts.
  readonly #claims = new BatchDeleteMap<string, InFlightClaim>();
  readonly #users = new BatchDeleteMap<number, Sum>();
  readonly #tokens = new BatchDeleteMap<number, Sum>();

  async admit(claim: InFlightClaim, source: InFlightBalanceSource): Promise<'user' | 'token' | number> {
    return this.admitNow(claim, readBalances(source));
  }

  /** The synchronous admission (also the fallback of the Redis store). */
  admitNow(claim: InFlightClaim, balances: InFlightBalances): 'user' | 'token' | number {
    let granted = claim.points;
    if (claim.tokenId !== undefined && balances.token !== undefined) {
      const token = this.#tokens.get(claim.tokenId) ?? { points: 0, count: 0 };
      const forToken = grant(balances.token, token.points, token.count, claim);
      if (forToken === undefined) return 'token';
      granted = Math.min(granted, forToken);
    }
    const user = this.#users.get(claim.userId) ?? { points: 0, count: 0 };
    const forUser = grant(balances.user, user.points, user.count, claim);
    if (forUser === undefined) return 'user';
    granted = Math.min(granted, forUser);
    this.#claims.set(claim.id, { ...claim, points: granted });
    add(this.#users, claim.userId, granted, 1);
    if (claim.tokenId !== undefined) add(this.#tokens, claim.tokenId, granted, 1);
    return granted;
  }

  async grow(
    claimId: string,
    growth: InFlightGrowth,
    source: InFlightBalanceSource,
  ): Promise<number | undefined> {
    return this.growNow(claimId, growth, readBalances(source));
  }

  /** The synchronous growth (also the fallback of the Redis store). */
  growNow(claimId: string, growth: InFlightGrowth, balances: InFlightBalances): number | undefined {
    const claim = this.#claims.get(claimId);
    if (!claim) return undefined;
    let granted = growth.points;
    if (claim.tokenId !== undefined && balances.token !== undefined) {
      const token = this.#tokens.get(claim.tokenId) ?? { points: 0, count: 0 };
      const forToken = grantGrowth(balances.token, token.points - claim.points, growth);
      if (forToken === undefined) return undefined;
      granted = Math.min(granted, forToken);
    }
    const user = this.#users.get(claim.userId) ?? { points: 0, count: 0 };
    const forUser = grantGrowth(balances.user, user.points - claim.points, growth);
    if (forUser === undefined) return undefined;
    granted = Math.min(granted, forUser);
    if (granted < claim.points) return undefined;
    add(this.#users, claim.userId, granted - claim.points, 0);
    if (claim.tokenId !== undefined) add(this.#tokens, claim.tokenId, granted - claim.points, 0);
    claim.points = granted;
    return granted;
  }

  release(claimId: string): void {
    const claim = this.#claims.get(claimId);
    if (!claim) return;
    this.#claims.delete(claimId);
    add(this.#users, claim.userId, -claim.points, -1);
    if (claim.tokenId !== undefined) add(this.#tokens, claim.tokenId, -claim.points, -1);
  }

  settled(claimId: string): void {
    this.release(claimId);
  }

  written(): void {}

  async close(): Promise<void> {}

  /** How many claims are held (tests). */
  get size(): number {
    return this.#claims.size;
  }
}
