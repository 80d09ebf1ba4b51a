import { describe, expect, it } from 'vitest';
import { BatchDeleteMap } from './batch-delete-map.js';

describe('BatchDeleteMap', () => {
  it('Given entries set and deleted across many rebuilds, then it answers as a Map would', () => {
    const map = new BatchDeleteMap<string, number>();
    const model = new Map<string, number>();
    let seed = 5;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let step = 0; step < 5000; step += 1) {
      // More keys than DROP_EVERY, so deleted ones pile up past it and the Map is rebuilt many times.
      const key = `k${Math.floor(next() * 300)}`;
      if (next() < 0.55) {
        map.set(key, step);
        model.set(key, step);
      } else {
        expect(map.delete(key)).toBe(model.delete(key));
      }
      expect(map.get(key)).toBe(model.get(key));
      expect(map.size).toBe(model.size);
    }
    expect([...map.keys()].sort()).toEqual([...model.keys()].sort());
    expect([...map.values()].sort()).toEqual([...model.values()].sort());
    expect([...map.entries()].sort()).toEqual([...model.entries()].sort());
  });

  it('Given entries deleted while they are walked, past a rebuild, then the walk sees each live one once', () => {
    const map = new BatchDeleteMap<number, number>();
    for (let key = 0; key < 200; key += 1) map.set(key, key);
    const seen: number[] = [];
    for (const [key] of map.entries()) {
      seen.push(key);
      // Deletes the even keys as they pass, more than DROP_EVERY of them: the Map is rebuilt mid-walk.
      if (key % 2 === 0) map.delete(key);
    }
    expect(seen).toEqual([...Array(200).keys()]);
    expect([...map.keys()]).toEqual([...Array(100).keys()].map((index) => index * 2 + 1));
  });

  it('Given a key deleted and set again, then it is live with its new value; clear empties it', () => {
    const map = new BatchDeleteMap<number, string>();
    map.set(1, 'a');
    expect(map.delete(1)).toBe(true);
    expect(map.delete(1)).toBe(false);
    expect(map.get(1)).toBeUndefined();
    map.set(1, 'b');
    expect(map.get(1)).toBe('b');
    expect(map.size).toBe(1);
    map.clear();
    expect(map.size).toBe(0);
    expect([...map.values()]).toEqual([]);
  });
});
