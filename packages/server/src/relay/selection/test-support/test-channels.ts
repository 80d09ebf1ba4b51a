// Channel rows and a seeded random source shared by the selection tests.
import type { RoutingChannelSource } from '../routing-table.js';

/** A routable channel row with defaults; override what the test is about. */
export function channelRow(overrides: Partial<RoutingChannelSource> & { id: number }): RoutingChannelSource {
  return {
    type: 1,
    name: `channel-${overrides.id}`,
    status: 1,
    weight: 1,
    priority: 0,
    models: 'gpt-4o',
    group: 'default',
    only_chat: 0,
    disabled_stream: null,
    ...overrides,
  };
}

/** mulberry32: a small deterministic PRNG giving numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
