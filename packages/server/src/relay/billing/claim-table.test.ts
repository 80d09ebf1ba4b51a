// The primary's claim table keeps its sums as fields come and go; the Lua script of redis-in-flight.ts
// reads every field at each step instead. Both must answer alike: here against that rule spelt out as the
// script does it, over random steps, writes, refreshes, dead workers and expiries.
import { describe, expect, it } from 'vitest';
import { grant, grantGrowth } from './in-flight.js';
import { ClaimTable } from './claim-table.js';
import type { ClaimStep } from './shared-in-flight.js';

/** The script's rule: every field read at each step, expired and unreadable ones dropped as met. */
class ScanningTable {
  readonly tables = new Map<string, Map<string, string>>();

  claim(keys: readonly string[], step: ClaimStep): 'user' | 'token' | number {
    const read = (value: string) => /^(-?\d+):(\d+):([a-z]):(.*)$/.exec(value);
    const others = (key: string) => {
      let sum = 0;
      let running = 0;
      const table = this.tables.get(key) ?? new Map<string, string>();
      for (const [id, value] of table) {
        const field = read(value);
        if (!field || Number(field[2]) < step.now) table.delete(id);
        else if (id === step.claimId) continue;
        else if (field[3] === 'r') {
          sum += Number(field[1]);
          running += 1;
        } else if (field[4] !== step.node) sum += Number(field[1]);
      }
      return { sum, running };
    };
    const allowed = (balance: number, counted: { sum: number; running: number }) =>
      step.mode === 'g'
        ? grantGrowth(balance, counted.sum, step)
        : grant(balance, counted.sum, counted.running, step);
    const [userKey, tokenKey] = keys as [string, string | undefined];
    const current = this.tables.get(userKey)?.get(step.claimId);
    if (step.mode === 'g' && current === undefined) return 'user';
    const own = step.mode === 'g' ? Number(read(current ?? '')?.[1] ?? 0) : undefined;
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
    for (const key of keys)
      this.set(key, step.claimId, `${Math.trunc(granted)}:${step.expires}:r:${step.node}`);
    return granted;
  }

  set(key: string, field: string, value: string | undefined): void {
    const table = this.tables.get(key) ?? new Map<string, string>();
    this.tables.set(key, table);
    if (value === undefined) table.delete(field);
    else table.set(field, value);
  }
}

describe('the claim table with kept sums', () => {
  it('Given random steps, writes, refreshes, dead workers and expiries, then it grants as the scanning rule does', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const kept = new ClaimTable();
    const scanning = new ScanningTable();
    const nodes = ['a', 'b', 'c'];
    const keySets = [['u:1', 't:1'], ['u:1', 't:2'], ['u:2'], ['u:1']] as const;
    const claims: Array<{ id: string; keys: readonly string[] }> = [];
    let now = 1_000_000;
    let granted = 0;
    for (let index = 0; index < 6_000; index += 1) {
      now += Math.floor(random() * 40);
      const roll = random();
      if (roll < 0.45) {
        const growing = claims.length > 0 && random() < 0.3;
        const target = growing ? pick(claims) : { id: `c${index}`, keys: pick(keySets) };
        const points = 1 + Math.floor(random() * 400);
        const step: ClaimStep = {
          claimId: target.id,
          points,
          minimum: Math.floor(random() * points),
          node: pick(nodes),
          now,
          // Short lives, so fields expire all along the run.
          expires: now + Math.floor(random() * 2_000),
          user: Math.floor(random() * 6_000),
          token: Math.floor(random() * 4_000),
          tableTtl: 600_000,
          mode: growing ? 'g' : 'a',
          least: 1 + Math.floor(random() * 50),
        };
        const answer = kept.claim(target.keys, step);
        expect(answer).toEqual(scanning.claim(target.keys, step));
        if (typeof answer === 'number') granted += 1;
        if (typeof answer === 'number' && !growing) claims.push(target);
      } else if (roll < 0.65 && claims.length > 0) {
        // A request ends: its running field goes from each of its tables.
        const ended = claims.splice(Math.floor(random() * claims.length), 1)[0] as (typeof claims)[number];
        const writes = ended.keys.map((key) => ({ key, field: ended.id }));
        kept.write(writes);
        for (const write of writes) scanning.set(write.key, write.field, undefined);
      } else if (roll < 0.85) {
        // A process's owed sum is set, dropped, or (rarely) written unreadable.
        const node = pick(nodes);
        const key = pick(['u:1', 'u:2', 't:1', 't:2']);
        const value =
          random() < 0.2
            ? undefined
            : random() < 0.05
              ? 'not a field'
              : `${Math.floor(random() * 900)}:${now + Math.floor(random() * 3_000)}:o:${node}`;
        kept.write([{ key, field: `owed:${node}`, ...(value === undefined ? {} : { value }) }]);
        scanning.set(key, `owed:${node}`, value);
      } else if (roll < 0.97 && claims.length > 0) {
        const refreshed = pick(claims);
        const expires = now + Math.floor(random() * 2_000);
        kept.refresh(refreshed.keys, refreshed.id, expires);
        for (const key of refreshed.keys) {
          const field = scanning.tables.get(key)?.get(refreshed.id);
          const [points, , state, node] = field?.split(':') ?? [];
          if (state === 'r') scanning.set(key, refreshed.id, `${points}:${expires}:r:${node}`);
        }
      } else {
        const dead = pick(nodes);
        kept.dropRunning(dead);
        for (const table of scanning.tables.values()) {
          for (const [id, value] of table)
            if (/:r:/.test(value) && value.endsWith(`:r:${dead}`)) table.delete(id);
        }
      }
    }
    // Both branches of the rule were walked many times.
    expect(granted).toBeGreaterThan(500);
    expect(granted).toBeLessThan(2_700);
    // What is left, once both drop what expired by the end: the same fields with the same values.
    kept.sweep(now);
    for (const [key, table] of scanning.tables) {
      for (const [field, value] of table) {
        const expires = Number(value.split(':')[1]);
        expect(kept.field(key, field)).toBe(Number.isNaN(expires) || expires < now ? undefined : value);
      }
    }
  });
});
