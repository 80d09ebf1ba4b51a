// The in-flight claim tables kept in memory by the cluster's primary process when there is no Redis
// (cluster/ipc-stores.ts): the same fields and the same rule as the Lua script of redis-in-flight.ts, run
// as one synchronous step, so the workers' claims are checked against each other as they are in Redis.
//
// Unlike the script, a table keeps its sums as fields come and go (running points and count, settled
// points per process), so a claim step costs the same beside 10 running claims of a key as beside 1,000:
// re-reading every field made the primary's work per request grow with a key's concurrency (~0.5 ms a
// step at 1,000). Expiry stays exact: a table knows a time before which none of its fields expires, and
// is swept whole only once a step comes after it.
import { BatchDeleteMap } from './batch-delete-map.js';
import { grant, grantGrowth } from './in-flight.js';
import type { ClaimKeeper, ClaimStep, ClaimWrite } from './shared-in-flight.js';

const FIELD = /^(-?\d+):(\d+):([a-z]):(.*)$/;

interface Field {
  /** The value as written (what Redis would hold). */
  value: string;
  points: number;
  expires: number;
  state: string;
  node: string;
}

function parse(value: string): Field | undefined {
  const match = FIELD.exec(value);
  if (!match) return undefined;
  return {
    value,
    points: Number(match[1]),
    expires: Number(match[2]),
    state: match[3] as string,
    node: match[4] as string,
  };
}

/** A field the script would drop unread: counted nowhere, expired at once (the next step sweeps it). */
function unreadable(value: string): Field {
  return { value, points: 0, expires: Number.NEGATIVE_INFINITY, state: '?', node: '' };
}

/** One user's or token's table: its fields and their sums, kept as fields are set and deleted. */
class Table {
  // Fields come and go with requests in a long-lived table: see batch-delete-map.ts.
  readonly fields = new BatchDeleteMap<string, Field>();
  /** Points and count of the running (`r`) fields. */
  running = 0;
  runningCount = 0;
  /** Points of the other fields (settled, not yet written), in all and per process. */
  settled = 0;
  readonly settledBy = new Map<string, number>();
  /** No field expires before this (a lower bound: a refresh only moves expiries later). */
  expiresFrom = Number.POSITIVE_INFINITY;

  set(id: string, field: Field): void {
    // A field written again (a growth, a refresh, an owed sum) is replaced in place, not deleted: a
    // delete would count towards the map's next rebuild.
    const old = this.fields.get(id);
    if (old) this.#count(old, -1);
    this.fields.set(id, field);
    this.#count(field, 1);
    if (field.expires < this.expiresFrom) this.expiresFrom = field.expires;
  }

  delete(id: string): void {
    const field = this.fields.get(id);
    if (!field) return;
    this.fields.delete(id);
    this.#count(field, -1);
  }

  /** Drops the fields expired at `now` (before it), and learns when the next one expires. */
  sweep(now: number): void {
    let next = Number.POSITIVE_INFINITY;
    for (const [id, field] of this.fields.entries()) {
      if (field.expires < now) this.delete(id);
      else if (field.expires < next) next = field.expires;
    }
    this.expiresFrom = next;
  }

  /** The sum and running count a step of `claimId` from `node` is checked beside (the script's loop). */
  others(claimId: string, node: string, now: number): { sum: number; running: number } {
    if (this.expiresFrom < now) this.sweep(now);
    let sum = this.running + this.settled - (this.settledBy.get(node) ?? 0);
    let running = this.runningCount;
    // The claim itself is not counted (a growth), whatever its state.
    const own = this.fields.get(claimId);
    if (own?.state === 'r') {
      sum -= own.points;
      running -= 1;
    } else if (own && own.node !== node) sum -= own.points;
    return { sum, running };
  }

  #count(field: Field, sign: 1 | -1): void {
    if (field.state === 'r') {
      this.running += sign * field.points;
      this.runningCount += sign;
    } else if (field.state !== '?') {
      this.settled += sign * field.points;
      const by = (this.settledBy.get(field.node) ?? 0) + sign * field.points;
      if (by === 0 && sign < 0) this.settledBy.delete(field.node);
      else this.settledBy.set(field.node, by);
    }
  }
}

export class ClaimTable {
  readonly #tables = new Map<string, Table>();

  /** The claim step: 'user' / 'token' when refused, else the points granted (see the Lua script). */
  claim(keys: readonly string[], step: ClaimStep): 'user' | 'token' | number {
    const growing = step.mode === 'g';
    const others = (key: string) => {
      const table = this.#tables.get(key);
      if (!table) return { sum: 0, running: 0 };
      const counted = table.others(step.claimId, step.node, step.now);
      if (table.fields.size === 0) this.#tables.delete(key);
      return counted;
    };
    // The memory store's rule (in-flight.ts), which the Lua script spells out for Redis.
    const allowed = (balance: number, { sum, running }: { sum: number; running: number }) =>
      growing
        ? grantGrowth(balance, sum, { points: step.points, least: step.least })
        : grant(balance, sum, running, step);
    const [userKey, tokenKey] = keys as [string, string | undefined];
    let own: number | undefined;
    if (growing) {
      const current = this.#tables.get(userKey)?.fields.get(step.claimId);
      if (current === undefined) return 'user';
      own = current.points;
    }
    let granted = step.points;
    if (tokenKey !== undefined) {
      const forToken = allowed(step.token, others(tokenKey));
      if (forToken === undefined) return 'token';
      granted = Math.min(granted, forToken);
    }
    const forUser = allowed(step.user, others(userKey));
    if (forUser === undefined) return 'user';
    granted = Math.min(granted, forUser);
    if (own !== undefined && granted < own) return 'user';
    const points = Math.trunc(granted);
    const field: Field = {
      value: `${points}:${step.expires}:r:${step.node}`,
      points,
      expires: step.expires,
      state: 'r',
      node: step.node,
    };
    for (const key of keys) this.#table(key).set(step.claimId, field);
    return granted;
  }

  /** Extends a running claim's expiry, its points untouched. */
  refresh(keys: readonly string[], claimId: string, expires: number): void {
    for (const key of keys) {
      const table = this.#tables.get(key);
      const field = table?.fields.get(claimId);
      if (table && field?.state === 'r') {
        table.set(claimId, { ...field, value: `${field.points}:${expires}:r:${field.node}`, expires });
      }
    }
  }

  write(writes: readonly ClaimWrite[]): void {
    for (const { key, field, value } of writes) {
      if (value !== undefined) {
        this.#table(key).set(field, parse(value) ?? unreadable(value));
        continue;
      }
      const table = this.#tables.get(key);
      table?.delete(field);
      if (table?.fields.size === 0) this.#tables.delete(key);
    }
  }

  /** A worker that died: its running claims end now (its settled ones stay until written or expired). */
  dropRunning(node: string): void {
    for (const [key, table] of this.#tables) {
      for (const [id, field] of table.fields.entries()) {
        if (field.state === 'r' && field.node === node) table.delete(id);
      }
      if (table.fields.size === 0) this.#tables.delete(key);
    }
  }

  /** Drops expired fields and empty tables (Redis expires them itself); call now and then. */
  sweep(now: number): void {
    for (const [key, table] of this.#tables) {
      table.sweep(now);
      if (table.fields.size === 0) this.#tables.delete(key);
    }
  }

  /** One field's value (tests). */
  field(key: string, field: string): string | undefined {
    return this.#tables.get(key)?.fields.get(field)?.value;
  }

  /** The fields held (tests). */
  get size(): number {
    let size = 0;
    for (const table of this.#tables.values()) size += table.fields.size;
    return size;
  }

  #table(key: string): Table {
    let table = this.#tables.get(key);
    if (!table) {
      table = new Table();
      this.#tables.set(key, table);
    }
    return table;
  }
}

/** The table as a keeper in the same process (tests; the primary serves it to its workers over IPC). */
export function localClaimKeeper(table: ClaimTable): ClaimKeeper {
  return {
    claim: async (keys, step) => table.claim(keys, step()),
    refresh: async (keys, claimId, expires) => table.refresh(keys, claimId, expires),
    write: async (writes) => table.write(writes),
  };
}
