import { describe, expect, it } from 'vitest';
import { nextChannel, pickWeighted, requestChannelFilter } from './pick-channel.js';
import { buildRoutingTable, markChannelDisabled } from './routing-table.js';
import { channelRow, seededRandom } from './test-support/test-channels.js';

const request = { group: 'default', model: 'gpt-4o' };

describe('nextChannel (behaviour spec §5.3)', () => {
  const table = buildRoutingTable([
    channelRow({ id: 1, priority: 10 }),
    channelRow({ id: 2, priority: 10 }),
    channelRow({ id: 3, priority: 0 }),
    channelRow({ id: 4, priority: -1 }),
  ]);

  it('Given several tiers, Then only the highest tier is picked from while it has a usable channel', () => {
    const random = seededRandom(1);
    const picked = new Set<number>();
    for (let i = 0; i < 200; i += 1) picked.add(nextChannel(table, { ...request, random })?.id ?? 0);
    expect([...picked].sort()).toEqual([1, 2]);
  });

  it('Given one top channel excluded and the other frozen, Then the next tier is used', () => {
    const pick = nextChannel(table, { ...request, exclude: new Set([1]), frozen: (id) => id === 2 });
    expect(pick?.id).toBe(3);
  });

  it('Given only part of the top tier frozen, Then the rest of that tier is picked, never a lower tier', () => {
    const random = seededRandom(2);
    for (let i = 0; i < 100; i += 1) {
      expect(nextChannel(table, { ...request, frozen: (id) => id === 1, random })?.id).toBe(2);
    }
  });

  it('Given every channel excluded or frozen, Then nothing is picked', () => {
    expect(
      nextChannel(table, { ...request, exclude: new Set([1, 2, 3]), frozen: (id) => id === 4 }),
    ).toBeUndefined();
  });

  it('Given a channel disabled in memory or by status, Then it is never picked', () => {
    const local = buildRoutingTable([
      channelRow({ id: 1, priority: 5, status: 3 }),
      channelRow({ id: 2, priority: 5 }),
      channelRow({ id: 3 }),
    ]);
    markChannelDisabled(local, 2);
    const random = seededRandom(3);
    for (let i = 0; i < 100; i += 1) expect(nextChannel(local, { ...request, random })?.id).toBe(3);
    markChannelDisabled(local, 3);
    expect(nextChannel(local, request)).toBeUndefined();
  });

  it('Given an unknown group or model, Then nothing is picked', () => {
    expect(nextChannel(table, { group: 'vip', model: 'gpt-4o' })).toBeUndefined();
    expect(nextChannel(table, { group: 'default', model: 'o1' })).toBeUndefined();
  });

  it('Given a token whose model limit refuses the model, Then nothing is picked', () => {
    expect(nextChannel(table, { ...request, modelAllowed: (m) => m === 'o1' })).toBeUndefined();
    expect(nextChannel(table, { ...request, modelAllowed: (m) => m === 'gpt-4o' })).toBeDefined();
  });

  it('Given a wildcard channel, Then a matching model routes to it', () => {
    const wild = buildRoutingTable([channelRow({ id: 9, models: 'gpt-4*' })]);
    expect(nextChannel(wild, { group: 'default', model: 'gpt-4.1-nano' })?.id).toBe(9);
  });

  it('Given tools, stream and type filters, Then only_chat, disabled_stream and other types are skipped', () => {
    const filtered = buildRoutingTable([
      channelRow({ id: 1, priority: 3, only_chat: 1 }),
      channelRow({ id: 2, priority: 2, disabled_stream: '["gpt-4o"]' }),
      channelRow({ id: 3, priority: 1, type: 14 }),
      channelRow({ id: 4, priority: 0 }),
    ]);
    const pick = (options: Parameters<typeof requestChannelFilter>[0]) =>
      nextChannel(filtered, { ...request, accept: requestChannelFilter(options) })?.id;
    expect(pick({ model: 'gpt-4o' })).toBe(1);
    expect(pick({ model: 'gpt-4o', tools: true })).toBe(2);
    expect(pick({ model: 'gpt-4o', tools: true, stream: true })).toBe(3);
    expect(pick({ model: 'gpt-4o', tools: true, stream: true, types: new Set([1]) })).toBe(4);
  });
});

describe('weighted random inside a tier', () => {
  it('Given weights 1:3 and 10 000 seeded picks, Then the light channel gets 25 % ± 2 %', () => {
    const table = buildRoutingTable([channelRow({ id: 1, weight: 1 }), channelRow({ id: 2, weight: 3 })]);
    const random = seededRandom(42);
    let light = 0;
    for (let i = 0; i < 10_000; i += 1) if (nextChannel(table, { ...request, random })?.id === 1) light += 1;
    expect(light / 10_000).toBeGreaterThan(0.23);
    expect(light / 10_000).toBeLessThan(0.27);
  });

  it('Given weights 1:1:2 and 10 000 picks, Then the shares are 25/25/50 % ± 2 %', () => {
    const table = buildRoutingTable([
      channelRow({ id: 1, weight: 1 }),
      channelRow({ id: 2, weight: 0 }),
      channelRow({ id: 3, weight: 2 }),
    ]);
    const random = seededRandom(7);
    const counts = new Map<number, number>();
    for (let i = 0; i < 10_000; i += 1) {
      const id = nextChannel(table, { ...request, random })?.id ?? 0;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(Math.abs((counts.get(1) ?? 0) / 10_000 - 0.25)).toBeLessThan(0.02);
    expect(Math.abs((counts.get(2) ?? 0) / 10_000 - 0.25)).toBeLessThan(0.02);
    expect(Math.abs((counts.get(3) ?? 0) / 10_000 - 0.5)).toBeLessThan(0.02);
  });

  it('Given the random edges 0 and just below 1, Then the walk picks the first and the last channel', () => {
    const candidates = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 3 },
    ];
    expect(pickWeighted(candidates, () => 0).id).toBe('a');
    expect(pickWeighted(candidates, () => 0.2499).id).toBe('a');
    expect(pickWeighted(candidates, () => 0.25).id).toBe('b');
    expect(pickWeighted(candidates, () => 0.999_999).id).toBe('b');
    expect(() => pickWeighted([], () => 0)).toThrow();
  });
});
