// The requests of a user (and of a limited key) that are running or settled-but-unwritten, counted against
// the balance before a new request is let through (hardening of spec §9.4). One-hub checks each request
// against the balance alone, so the overdraft grows with concurrency; here a request is admitted only when
// the balance covers it on top of every other in-flight claim — or when nothing else of the user runs, so
// sequential use behaves exactly like one-hub and a user ends no lower than one request's excess.

/** One request's claim on the balances. */
export interface InFlightClaim {
  /** The request id (unique per request). */
  id: string;
  userId: number;
  /** The limited token's id, or undefined when the key is unlimited (its balance is not checked). */
  tokenId: number | undefined;
  /** Points counted while the request runs (see inFlightBound). */
  points: number;
  /** The one-hub minimum: with nothing else in flight a balance ≥ this is enough. */
  minimum: number;
}

/** The balances a claim is checked against: stored + this process's unwritten charges. */
export interface InFlightBalances {
  user: number;
  /** The limited token's remaining quota; undefined for an unlimited key. */
  token: number | undefined;
}

export interface InFlightStore {
  /** Atomically checks the claim against the balances and the other claims, and records it when it fits.
   *  Returns which balance refused it, or null when admitted. */
  admit(claim: InFlightClaim, balances: InFlightBalances): Promise<'user' | 'token' | null>;
  /** The request ended without a charge: its claim is dropped. */
  release(claimId: string): void;
  /** The request settled: until its ledger entry is written, other processes count what it still owes. */
  settled(claimId: string, owed: { user: number; token: number }): void;
  /** The ledger wrote these entries to the database. */
  written(ids: readonly string[]): void;
  close(): Promise<void>;
}

/** The admission rule, shared by both stores: others = the sum of other claims, running = how many run. */
export function fits(balance: number, others: number, running: number, claim: InFlightClaim): boolean {
  if (balance - others >= claim.points) return true;
  return running === 0 && balance - others >= claim.minimum;
}

interface Sum {
  points: number;
  count: number;
}

function add(sums: Map<number, Sum>, id: number, points: number, count: number): void {
  const sum = sums.get(id) ?? { points: 0, count: 0 };
  sum.points += points;
  sum.count += count;
  if (sum.count === 0) sums.delete(id);
  else sums.set(id, sum);
}

/**
 * The claims of one process. Its settled charges are already in its ledger's pending sums, so a claim is
 * simply dropped when its request ends.
 */
export class MemoryInFlightStore implements InFlightStore {
  readonly #claims = new Map<string, InFlightClaim>();
  readonly #users = new Map<number, Sum>();
  readonly #tokens = new Map<number, Sum>();

  async admit(claim: InFlightClaim, balances: InFlightBalances): Promise<'user' | 'token' | null> {
    return this.admitNow(claim, balances);
  }

  /** The synchronous admission (also the fallback of the Redis store). */
  admitNow(claim: InFlightClaim, balances: InFlightBalances): 'user' | 'token' | null {
    if (claim.tokenId !== undefined && balances.token !== undefined) {
      const token = this.#tokens.get(claim.tokenId) ?? { points: 0, count: 0 };
      if (!fits(balances.token, token.points, token.count, claim)) return 'token';
    }
    const user = this.#users.get(claim.userId) ?? { points: 0, count: 0 };
    if (!fits(balances.user, user.points, user.count, claim)) return 'user';
    this.#claims.set(claim.id, claim);
    add(this.#users, claim.userId, claim.points, 1);
    if (claim.tokenId !== undefined) add(this.#tokens, claim.tokenId, claim.points, 1);
    return null;
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
