import { describe, expect, it } from 'vitest';
import {
  buildRoutingTable,
  markChannelDisabled,
  resolveRoutingModel,
  routingModels,
  routingTiers,
  splitRoutingList,
} from './routing-table.js';
import { channelRow } from './test-support/test-channels.js';

const tierIds = (tiers: ReturnType<typeof routingTiers>) =>
  tiers.map((tier) => ({ priority: tier.priority, ids: tier.channels.map((c) => c.id) }));

describe('buildRoutingTable (behaviour spec §5.2)', () => {
  it('Given channels of several priorities, Then tiers are sorted highest priority first', () => {
    const table = buildRoutingTable([
      channelRow({ id: 1, priority: 0 }),
      channelRow({ id: 2, priority: 10 }),
      channelRow({ id: 3, priority: -5 }),
      channelRow({ id: 4, priority: 10 }),
    ]);
    expect(tierIds(routingTiers(table, 'default', 'gpt-4o'))).toEqual([
      { priority: 10, ids: [2, 4] },
      { priority: 0, ids: [1] },
      { priority: -5, ids: [3] },
    ]);
  });

  it('Given manually (2) and auto (3) disabled channels, Then only status 1 channels are routable', () => {
    const table = buildRoutingTable([
      channelRow({ id: 1, status: 2 }),
      channelRow({ id: 2, status: 3 }),
      channelRow({ id: 3, status: 1 }),
    ]);
    expect(tierIds(routingTiers(table, 'default', 'gpt-4o'))).toEqual([{ priority: 0, ids: [3] }]);
  });

  it('Given CSV lists with spaces and empty entries, Then names are trimmed and blanks dropped', () => {
    expect(splitRoutingList(' gpt-4o , ,claude-3 ,')).toEqual(['gpt-4o', 'claude-3']);
    const table = buildRoutingTable([channelRow({ id: 1, models: ' gpt-4o , o1 ', group: 'default , vip' })]);
    expect(routingModels(table, 'vip')).toEqual(['gpt-4o', 'o1']);
    expect(routingTiers(table, 'default', 'o1')).toHaveLength(1);
    expect(routingTiers(table, 'svip', 'o1')).toEqual([]);
  });

  it('Given a weight of 0 or below, Then it counts as 1; and only_chat / disabled_stream are parsed', () => {
    const table = buildRoutingTable([
      channelRow({ id: 1, weight: 0, only_chat: 1, disabled_stream: '["gpt-4o"]' }),
      channelRow({ id: 2, weight: -3, disabled_stream: 'not json' }),
    ]);
    const [first, second] = routingTiers(table, 'default', 'gpt-4o')[0]?.channels ?? [];
    expect(first).toMatchObject({ weight: 1, onlyChat: true });
    expect(first?.disabledStream.has('gpt-4o')).toBe(true);
    expect(second?.weight).toBe(1);
    expect(second?.disabledStream.size).toBe(0);
  });

  it('Given a wildcard model, Then an exact name wins, else the longest matching prefix of that group', () => {
    const table = buildRoutingTable([
      channelRow({ id: 1, models: 'gpt-4*' }),
      channelRow({ id: 2, models: 'gpt-4o*' }),
      channelRow({ id: 3, models: 'gpt-4o-mini' }),
      channelRow({ id: 4, models: 'claude-*', group: 'vip' }),
    ]);
    expect(resolveRoutingModel(table, 'default', 'gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(resolveRoutingModel(table, 'default', 'gpt-4o-2024')).toBe('gpt-4o*');
    expect(resolveRoutingModel(table, 'default', 'gpt-4-turbo')).toBe('gpt-4*');
    expect(resolveRoutingModel(table, 'default', 'gpt-3.5')).toBeUndefined();
    // The vip group's wildcard is not visible from default (the §5.3 cross-group quirk is fixed).
    expect(resolveRoutingModel(table, 'default', 'claude-3')).toBeUndefined();
    expect(resolveRoutingModel(table, 'vip', 'claude-3')).toBe('claude-*');
    expect(resolveRoutingModel(table, 'nobody', 'gpt-4o')).toBeUndefined();
  });

  it('Given a channel marked disabled in memory, Then the table records it until the next rebuild', () => {
    const rows = [channelRow({ id: 7 })];
    const table = buildRoutingTable(rows);
    markChannelDisabled(table, 7);
    expect(table.disabled.has(7)).toBe(true);
    expect(buildRoutingTable(rows).disabled.has(7)).toBe(false);
  });
});
