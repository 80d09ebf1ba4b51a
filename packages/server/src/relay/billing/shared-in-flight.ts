// In-flight claims shared by every process of one deployment (hardening of spec §9.4): a table per user and
// per limited token, one field per request, `points:expiresAtMs:state:node` with state `r` (running, counted
// everywhere) or `o` (settled, not yet written: counted by the other processes only, since the writing
// process has it in its ledger's pending sums). The check and the record are one atomic step of the table's
// keeper — a Lua script in Redis, or the cluster's primary process without Redis (claim-table.ts) — so two
// processes can never both spend the same balance. Fields carry their own expiry, so a crashed process's
// claims fade within RUNNING_TTL_MS; a live process refreshes its running claims every REFRESH_MS.
import {
  type InFlightBalanceSource,
  type InFlightClaim,
  type InFlightGrowth,
  type InFlightStore,
  MemoryInFlightStore,
  readBalances,
} from './in-flight.js';

/** A running claim's field lives this long unless refreshed. */
export const RUNNING_TTL_MS = 180_000;
const REFRESH_MS = 60_000;
/** A settled request's charge is counted at most this long if its batch never reaches the database. */
export const OWED_TTL_MS = 600_000;
/** Kept after the write so the other processes' key caches (1 s) have re-read the balance. */
export const WRITTEN_GRACE_MS = 2_500;

/** The arguments of one claim step, made as it is sent (see ClaimKeeper.claim). */
export interface ClaimStep {
  claimId: string;
  /** Points asked. */
  points: number;
  /** The one-hub minimum (a lone admission on it gets all of `points`); growth asks with `points`. */
  minimum: number;
  node: string;
  now: number;
  /** The running field's expiry (ms). */
  expires: number;
  user: number;
  token: number;
  /** The tables' own expiry (ms), refreshed on every write. */
  tableTtl: number;
  /** 'a' admits a new claim, 'g' grows an existing one (which does not count itself). */
  mode: 'a' | 'g';
  /** The least points granted when less than `points` is left. */
  least: number;
}

/** One write to the tables: a field set to a value, or deleted. */
export interface ClaimWrite {
  key: string;
  field: string;
  /** Undefined: the field is deleted. */
  value?: string;
}

/** Where the tables live and how their atomic steps run. */
export interface ClaimKeeper {
  /**
   * Checks the claim against the other fields of `keys` (user, then limited token) and records it when it
   * fits. `step` is called as the request goes out, so the balances it reads are as current as the
   * keeper's view: this process's later settlements reach the keeper after it.
   */
  claim(keys: readonly string[], step: () => ClaimStep): Promise<unknown>;
  /** Extends running fields' expiry without touching their points. */
  refresh(keys: readonly string[], claimId: string, expires: number, tableTtl: number): Promise<void>;
  /** Applies writes in order; failures go to the store's onError. */
  write(writes: readonly ClaimWrite[]): Promise<void>;
}

export interface SharedInFlightOptions {
  keyPrefix?: string | undefined;
  /** This process's node id (GW_NODE_ID): its own settled claims are not counted by it. */
  nodeId: string;
  /** Told about keeper failures; the store then counts this process's claims only. */
  onError?: ((error: unknown) => void) | undefined;
}

/** The field value of a settled claim's charge, counted by the other processes until written. */
export function owedField(points: number, expires: number, node: string): string {
  return `${Math.max(0, Math.trunc(points))}:${expires}:o:${node}`;
}

export class SharedInFlightStore implements InFlightStore {
  readonly #keeper: ClaimKeeper;
  readonly #prefix: string;
  readonly #node: string;
  readonly #onError: (error: unknown) => void;
  /** Claims admitted while the keeper failed. */
  readonly #fallback = new MemoryInFlightStore();
  readonly #running = new Map<string, InFlightClaim>();
  readonly #owed = new Map<string, InFlightClaim>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #refresh: NodeJS.Timeout;

  constructor(keeper: ClaimKeeper, options: SharedInFlightOptions) {
    this.#keeper = keeper;
    this.#prefix = options.keyPrefix ?? '';
    this.#node = options.nodeId;
    this.#onError = options.onError ?? (() => {});
    this.#refresh = setInterval(() => this.#refreshRunning(), REFRESH_MS);
    this.#refresh.unref();
  }

  async admit(claim: InFlightClaim, balances: InFlightBalanceSource): Promise<'user' | 'token' | number> {
    try {
      const result = await this.#run(claim, 'a', claim, balances);
      if (typeof result === 'string') return result;
      this.#running.set(claim.id, { ...claim, points: result });
      return result;
    } catch (error) {
      this.#onError(error);
      return this.#fallback.admitNow(claim, readBalances(balances));
    }
  }

  async grow(
    claimId: string,
    growth: InFlightGrowth,
    balances: InFlightBalanceSource,
  ): Promise<number | undefined> {
    const claim = this.#running.get(claimId);
    if (!claim) return this.#fallback.growNow(claimId, growth, readBalances(balances));
    try {
      const result = await this.#run(claim, 'g', { ...growth, minimum: growth.points }, balances);
      if (typeof result === 'string') return undefined;
      claim.points = result;
      return result;
    } catch (error) {
      // Without the keeper the other processes' claims are unknown: the stream ends rather than overspend.
      this.#onError(error);
      return undefined;
    }
  }

  async #run(
    claim: InFlightClaim,
    mode: 'a' | 'g',
    asked: { points: number; minimum: number; least?: number },
    source: InFlightBalanceSource,
  ): Promise<'user' | 'token' | number> {
    // The balances are read as the step is sent: this process's settlements mark their claims settled
    // (uncounted here) in writes sent after, so a charge is either in the balances or still a claim.
    const result = await this.#keeper.claim(this.#keys(claim), () => {
      const balances = readBalances(source);
      const now = Date.now();
      return {
        claimId: claim.id,
        points: asked.points,
        minimum: asked.minimum,
        node: this.#node,
        now,
        expires: now + RUNNING_TTL_MS,
        user: balances.user,
        token: balances.token ?? 0,
        tableTtl: OWED_TTL_MS,
        mode,
        least: asked.least ?? asked.points,
      };
    });
    if (result === 'user' || result === 'token') return result;
    if (typeof result === 'number') return result;
    throw new Error(`unexpected in-flight claim reply: ${String(result)}`);
  }

  release(claimId: string): void {
    this.#fallback.release(claimId);
    const claim = this.#running.get(claimId);
    if (!claim) return;
    this.#running.delete(claimId);
    this.#write(this.#keys(claim).map((key) => ({ key, field: claimId })));
  }

  settled(claimId: string, owed: { user: number; token: number }): void {
    this.#fallback.release(claimId);
    const claim = this.#running.get(claimId);
    if (!claim) return;
    this.#running.delete(claimId);
    const [userKey, tokenKey] = this.#keys(claim) as [string, string | undefined];
    const expires = Date.now() + OWED_TTL_MS;
    if (owed.user > 0 || (tokenKey && owed.token > 0)) this.#owed.set(claimId, claim);
    const writes: ClaimWrite[] = [
      owed.user > 0
        ? { key: userKey, field: claimId, value: owedField(owed.user, expires, this.#node) }
        : { key: userKey, field: claimId },
    ];
    if (tokenKey) {
      writes.push(
        owed.token > 0
          ? { key: tokenKey, field: claimId, value: owedField(owed.token, expires, this.#node) }
          : { key: tokenKey, field: claimId },
      );
    }
    this.#write(writes);
  }

  written(ids: readonly string[]): void {
    const claims = ids.flatMap((id) => {
      const claim = this.#owed.get(id);
      if (!claim) return [];
      this.#owed.delete(id);
      return [claim];
    });
    if (claims.length === 0) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#write(claims.flatMap((claim) => this.#keys(claim).map((key) => ({ key, field: claim.id }))));
    }, WRITTEN_GRACE_MS);
    timer.unref();
    this.#timers.add(timer);
  }

  async close(): Promise<void> {
    clearInterval(this.#refresh);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    const claims = [...this.#running.values(), ...this.#owed.values()];
    this.#running.clear();
    this.#owed.clear();
    if (claims.length === 0) return;
    // Settled entries are written by the ledger's final flush before this runs; running ones ended.
    await this.#keeper
      .write(claims.flatMap((claim) => this.#keys(claim).map((key) => ({ key, field: claim.id }))))
      .catch(this.#onError);
  }

  #refreshRunning(): void {
    if (this.#running.size === 0) return;
    const expires = Date.now() + RUNNING_TTL_MS;
    for (const claim of this.#running.values()) {
      this.#keeper.refresh(this.#keys(claim), claim.id, expires, OWED_TTL_MS).catch(this.#onError);
    }
  }

  #write(writes: readonly ClaimWrite[]): void {
    this.#keeper.write(writes).catch(this.#onError);
  }

  #keys(claim: InFlightClaim): string[] {
    const user = `${this.#prefix}inflight:u:${claim.userId}`;
    return claim.tokenId === undefined ? [user] : [user, `${this.#prefix}inflight:t:${claim.tokenId}`];
  }
}
