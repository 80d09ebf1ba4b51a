// In-flight claims shared by every process of one deployment (hardening of spec §9.4): a table per user and
// per limited token, one field per running request and one per process for its settled charges not yet
// written, `points:expiresAtMs:state:node` with state `r` (running, counted everywhere) or `o` (settled,
// not yet written: counted by the other processes only, since the writing process has it in its ledger's
// pending sums). Settled charges are summed into the process's one `owed:<node>` field rather than kept
// a field each: a busy key settles thousands of requests in the seconds before their batch is written and
// its grace ends, and every claim step reads every field of its tables. The check and the record are one
// atomic step of the table's keeper — a Lua script in Redis, or the cluster's primary process without
// Redis (claim-table.ts) — so two processes can never both spend the same balance. Fields carry their own
// expiry, so a crashed process's claims fade within RUNNING_TTL_MS; a live process refreshes its running
// claims every REFRESH_MS.
import { BatchDeleteMap } from './batch-delete-map.js';
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

/** The field value of a process's settled charges, counted by the other processes until written. */
export function owedField(points: number, expires: number, node: string): string {
  return `${Math.max(0, Math.trunc(points))}:${expires}:o:${node}`;
}

/** The field that holds a process's settled, unwritten charges in each table (claim ids never contain ':'). */
export function owedFieldName(node: string): string {
  return `owed:${node}`;
}

/** A settled claim's charge this process still owes the tables. */
interface OwedClaim {
  claim: InFlightClaim;
  user: number;
  token: number;
}

export class SharedInFlightStore implements InFlightStore {
  readonly #keeper: ClaimKeeper;
  readonly #prefix: string;
  readonly #node: string;
  readonly #onError: (error: unknown) => void;
  /** Claims admitted while the keeper failed. */
  readonly #fallback = new MemoryInFlightStore();
  // Entries come and go with requests: see batch-delete-map.ts.
  readonly #running = new BatchDeleteMap<string, InFlightClaim>();
  readonly #owed = new BatchDeleteMap<string, OwedClaim>();
  /** This process's settled, unwritten points per table key: what its `owed:<node>` field says. */
  readonly #owedSums = new BatchDeleteMap<string, number>();
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
    const user = Math.max(0, owed.user);
    const token = tokenKey ? Math.max(0, owed.token) : 0;
    if (user > 0 || token > 0) this.#owed.set(claimId, { claim, user, token });
    // The charge is added to the owed field before the running field goes: another process reading in
    // between counts it twice (safe), never not at all.
    const writes: ClaimWrite[] = [];
    if (user > 0) writes.push(this.#owe(userKey, user));
    if (token > 0 && tokenKey) writes.push(this.#owe(tokenKey, token));
    for (const key of [userKey, tokenKey]) if (key) writes.push({ key, field: claimId });
    this.#write(writes);
  }

  written(ids: readonly string[]): void {
    const paid = ids.flatMap((id) => {
      const owed = this.#owed.get(id);
      if (!owed) return [];
      this.#owed.delete(id);
      return [owed];
    });
    if (paid.length === 0) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      const writes: ClaimWrite[] = [];
      for (const { claim, user, token } of paid) {
        const [userKey, tokenKey] = this.#keys(claim) as [string, string | undefined];
        if (user > 0) writes.push(this.#owe(userKey, -user));
        if (token > 0 && tokenKey) writes.push(this.#owe(tokenKey, -token));
      }
      this.#write(writes);
    }, WRITTEN_GRACE_MS);
    timer.unref();
    this.#timers.add(timer);
  }

  async close(): Promise<void> {
    clearInterval(this.#refresh);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    const writes: ClaimWrite[] = [];
    for (const claim of this.#running.values()) {
      for (const key of this.#keys(claim)) writes.push({ key, field: claim.id });
    }
    // Settled entries are written by the ledger's final flush before this runs; running ones ended.
    for (const key of this.#owedSums.keys()) writes.push({ key, field: owedFieldName(this.#node) });
    this.#running.clear();
    this.#owed.clear();
    this.#owedSums.clear();
    if (writes.length === 0) return;
    await this.#keeper.write(writes).catch(this.#onError);
  }

  /** Moves this process's owed sum of `key` by `points`; the write that sets (or, at 0, drops) its field. */
  #owe(key: string, points: number): ClaimWrite {
    const field = owedFieldName(this.#node);
    const sum = (this.#owedSums.get(key) ?? 0) + points;
    if (sum <= 0) {
      this.#owedSums.delete(key);
      return { key, field };
    }
    this.#owedSums.set(key, sum);
    return { key, field, value: owedField(sum, Date.now() + OWED_TTL_MS, this.#node) };
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
