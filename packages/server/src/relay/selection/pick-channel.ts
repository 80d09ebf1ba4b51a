// `Next(group, model, filters)` of behaviour spec §5.3: the highest-priority tier with a usable
// channel, then a weighted random pick inside that tier.
import { type RoutingChannel, type RoutingTable, routingTiers } from './routing-table.js';

/** What one pick is asked for. */
export interface PickChannelRequest {
  group: string;
  /** The requested model (after `#` stripping). */
  model: string;
  /** Channels this request must not use: earlier failures and a `#!id` pin. */
  exclude?: ReadonlySet<number>;
  /** True when the channel is in cooldown for this model. */
  frozen?: (channelId: number) => boolean;
  /** Extra channel filter (type allow-list, only_chat with tools, disabled_stream); false drops it. */
  accept?: (channel: RoutingChannel) => boolean;
  /** The token's model limit; false refuses the model outright. */
  modelAllowed?: (model: string) => boolean;
  /** A source of numbers in [0, 1); injected so tests are deterministic. */
  random?: () => number;
}

/** Picks a channel, or undefined when no tier has a usable one. */
export function nextChannel(table: RoutingTable, request: PickChannelRequest): RoutingChannel | undefined {
  if (request.modelAllowed && !request.modelAllowed(request.model)) return undefined;
  for (const tier of routingTiers(table, request.group, request.model)) {
    const candidates = tier.channels.filter((channel) => isUsable(table, channel, request));
    if (candidates.length > 0) return pickWeighted(candidates, request.random ?? Math.random);
  }
  return undefined;
}

/** Every channel that could serve the request, ignoring cooldowns: for batching cooldown look-ups. */
export function routableChannelIds(table: RoutingTable, group: string, model: string): number[] {
  return routingTiers(table, group, model).flatMap((tier) =>
    tier.channels.filter((channel) => !table.disabled.has(channel.id)).map((channel) => channel.id),
  );
}

/** The spec §5.3 filters for a chat-style request: tools skip only_chat, stream skips disabled_stream. */
export function requestChannelFilter(options: {
  model: string;
  tools?: boolean;
  stream?: boolean;
  types?: ReadonlySet<number>;
}): (channel: RoutingChannel) => boolean {
  return (channel) =>
    !(options.tools && channel.onlyChat) &&
    !(options.stream && channel.disabledStream.has(options.model)) &&
    (options.types === undefined || options.types.has(channel.type));
}

/** Weighted random inside one tier: r in [0, Σweight), walk subtracting weights, pick where r < 0. */
export function pickWeighted<T extends { weight: number }>(
  candidates: readonly T[],
  random: () => number,
): T {
  const first = candidates[0];
  if (first === undefined) throw new Error('pickWeighted needs at least one candidate');
  if (candidates.length === 1) return first;
  const total = candidates.reduce((sum, candidate) => sum + candidate.weight, 0);
  let r = random() * total;
  for (const candidate of candidates) {
    r -= candidate.weight;
    if (r < 0) return candidate;
  }
  // Only reachable through floating-point rounding at the top of the range.
  return candidates[candidates.length - 1] ?? first;
}

function isUsable(table: RoutingTable, channel: RoutingChannel, request: PickChannelRequest): boolean {
  if (table.disabled.has(channel.id)) return false;
  if (request.exclude?.has(channel.id)) return false;
  if (request.frozen?.(channel.id)) return false;
  return request.accept ? request.accept(channel) : true;
}
