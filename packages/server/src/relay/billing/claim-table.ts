// The in-flight claim tables kept in memory by the cluster's primary process when there is no Redis
// (cluster/ipc-stores.ts): the same fields and the same rule as the Lua script of redis-in-flight.ts, run
// as one synchronous step, so the workers' claims are checked against each other as they are in Redis.
import { grant, grantGrowth } from './in-flight.js';
import type { ClaimKeeper, ClaimStep, ClaimWrite } from './shared-in-flight.js';

const FIELD = /^(-?\d+):(\d+):([a-z]):(.*)$/;

interface Field {
  points: number;
  expires: number;
  state: string;
  node: string;
}

function parse(value: string): Field | undefined {
  const match = FIELD.exec(value);
  if (!match) return undefined;
  return {
    points: Number(match[1]),
    expires: Number(match[2]),
    state: match[3] as string,
    node: match[4] as string,
  };
}

export class ClaimTable {
  readonly #tables = new Map<string, Map<string, string>>();

  /** The claim step: 'user' / 'token' when refused, else the points granted (see the Lua script). */
  claim(keys: readonly string[], step: ClaimStep): 'user' | 'token' | number {
    const growing = step.mode === 'g';
    const others = (key: string) => {
      let sum = 0;
      let running = 0;
      const table = this.#tables.get(key);
      if (!table) return { sum, running };
      for (const [id, value] of table) {
        const field = parse(value);
        if (!field || field.expires < step.now) table.delete(id);
        else if (id === step.claimId) {
          // the growing claim itself
        } else if (field.state === 'r') {
          sum += field.points;
          running += 1;
        } else if (field.node !== step.node) sum += field.points;
      }
      if (table.size === 0) this.#tables.delete(key);
      return { sum, running };
    };
    // The memory store's rule (in-flight.ts), which the Lua script spells out for Redis.
    const allowed = (balance: number, { sum, running }: { sum: number; running: number }) =>
      growing
        ? grantGrowth(balance, sum, { points: step.points, least: step.least })
        : grant(balance, sum, running, step);
    const [userKey, tokenKey] = keys as [string, string | undefined];
    let own: number | undefined;
    if (growing) {
      const current = this.#tables.get(userKey)?.get(step.claimId);
      if (current === undefined) return 'user';
      own = parse(current)?.points ?? 0;
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
    const value = `${Math.trunc(granted)}:${step.expires}:r:${step.node}`;
    for (const key of keys) this.#table(key).set(step.claimId, value);
    return granted;
  }

  /** Extends a running claim's expiry, its points untouched. */
  refresh(keys: readonly string[], claimId: string, expires: number): void {
    for (const key of keys) {
      const table = this.#tables.get(key);
      const field = table?.get(claimId);
      const parsed = field === undefined ? undefined : parse(field);
      if (table && parsed?.state === 'r') table.set(claimId, `${parsed.points}:${expires}:r:${parsed.node}`);
    }
  }

  write(writes: readonly ClaimWrite[]): void {
    for (const { key, field, value } of writes) {
      if (value !== undefined) {
        this.#table(key).set(field, value);
        continue;
      }
      const table = this.#tables.get(key);
      table?.delete(field);
      if (table?.size === 0) this.#tables.delete(key);
    }
  }

  /** A worker that died: its running claims end now (its settled ones stay until written or expired). */
  dropRunning(node: string): void {
    for (const [key, table] of this.#tables) {
      for (const [id, value] of table) {
        const field = parse(value);
        if (field?.state === 'r' && field.node === node) table.delete(id);
      }
      if (table.size === 0) this.#tables.delete(key);
    }
  }

  /** Drops expired fields and empty tables (Redis expires them itself); call now and then. */
  sweep(now: number): void {
    for (const [key, table] of this.#tables) {
      for (const [id, value] of table) {
        const field = parse(value);
        if (!field || field.expires < now) table.delete(id);
      }
      if (table.size === 0) this.#tables.delete(key);
    }
  }

  /** One field's value (tests). */
  field(key: string, field: string): string | undefined {
    return this.#tables.get(key)?.get(field);
  }

  /** The fields held (tests). */
  get size(): number {
    let size = 0;
    for (const table of this.#tables.values()) size += table.size;
    return size;
  }

  #table(key: string): Map<string, string> {
    let table = this.#tables.get(key);
    if (!table) {
      table = new Map();
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
