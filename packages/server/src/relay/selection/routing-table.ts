// The in-memory routing table of behaviour spec §5.2: group → model → priority tiers of enabled
// channels. A pure function of the channel rows, so the caller rebuilds it on every channel change.
import { CHANNEL_STATUS } from '@gw/core';

/** The channel row fields routing reads (a subset of the `channels` table row). */
export interface RoutingChannelSource {
  id: number;
  type: number;
  name: string;
  status: number;
  weight: number;
  priority: number;
  /** CSV of model names; a trailing `*` makes a prefix wildcard. */
  models: string;
  /** CSV of user-group symbols. */
  group: string;
  only_chat: number;
  /** JSON text of a string array, or NULL. */
  disabled_stream: string | null;
}

/** One routable channel, with its lists parsed once at build time. */
export interface RoutingChannel {
  id: number;
  type: number;
  name: string;
  /** Always ≥ 1 (0 or less counts as 1, spec §5.1). */
  weight: number;
  priority: number;
  onlyChat: boolean;
  /** Models for which this channel refuses stream=true. */
  disabledStream: ReadonlySet<string>;
}

/** The channels of one priority, in row order. */
export interface RoutingTier {
  priority: number;
  channels: readonly RoutingChannel[];
}

/** group → model key (exact name or `prefix*`) → tiers sorted by priority, highest first. */
export interface RoutingTable {
  groups: ReadonlyMap<string, ReadonlyMap<string, readonly RoutingTier[]>>;
  /** Channels turned off in memory since the build (auto-disable, spec §8.1). */
  disabled: Set<number>;
}

/** Splits a CSV list, trimming entries and dropping empty ones. */
export function splitRoutingList(csv: string): string[] {
  return csv
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Builds the table from channel rows; only status 1 (enabled) channels are routable. */
export function buildRoutingTable(rows: readonly RoutingChannelSource[]): RoutingTable {
  const buckets = new Map<string, Map<string, Map<number, RoutingChannel[]>>>();
  for (const row of rows) {
    if (row.status !== CHANNEL_STATUS.enabled) continue;
    const channel = toRoutingChannel(row);
    const models = new Set(splitRoutingList(row.models));
    for (const group of new Set(splitRoutingList(row.group))) {
      const byModel = getOrCreate(buckets, group, () => new Map<string, Map<number, RoutingChannel[]>>());
      for (const model of models) {
        const byPriority = getOrCreate(byModel, model, () => new Map<number, RoutingChannel[]>());
        getOrCreate(byPriority, channel.priority, () => []).push(channel);
      }
    }
  }
  const groups = new Map<string, Map<string, RoutingTier[]>>();
  for (const [group, byModel] of buckets) {
    const models = new Map<string, RoutingTier[]>();
    for (const [model, byPriority] of byModel) {
      const tiers = [...byPriority.entries()]
        .sort(([a], [b]) => b - a)
        .map(([priority, channels]) => ({ priority, channels }));
      models.set(model, tiers);
    }
    groups.set(group, models);
  }
  return { groups, disabled: new Set() };
}

/**
 * The model key a request routes under in this group: the exact name, else the longest wildcard
 * prefix of this group that matches. Fixes the §5.3 quirk (an unordered, cross-group wildcard list).
 */
export function resolveRoutingModel(table: RoutingTable, group: string, model: string): string | undefined {
  const byModel = table.groups.get(group);
  if (!byModel) return undefined;
  if (byModel.has(model)) return model;
  let best: string | undefined;
  for (const key of byModel.keys()) {
    if (!key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (model.startsWith(prefix) && (best === undefined || key.length > best.length)) best = key;
  }
  return best;
}

/** The priority tiers serving `model` in `group` (highest priority first); empty when none. */
export function routingTiers(table: RoutingTable, group: string, model: string): readonly RoutingTier[] {
  const key = resolveRoutingModel(table, group, model);
  if (key === undefined) return [];
  return table.groups.get(group)?.get(key) ?? [];
}

/** The model keys (wildcards included) a group can route, for `/v1/models`. */
export function routingModels(table: RoutingTable, group: string): string[] {
  return [...(table.groups.get(group)?.keys() ?? [])].sort();
}

/** Takes a channel out of this node's routing until the next rebuild (auto-disable, spec §8.1). */
export function markChannelDisabled(table: RoutingTable, channelId: number): void {
  table.disabled.add(channelId);
}

function toRoutingChannel(row: RoutingChannelSource): RoutingChannel {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    weight: Number.isFinite(row.weight) && row.weight >= 1 ? Math.floor(row.weight) : 1,
    priority: Number.isFinite(row.priority) ? row.priority : 0,
    onlyChat: row.only_chat === 1,
    disabledStream: new Set(parseStringList(row.disabled_stream)),
  };
}

function parseStringList(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // A malformed list blocks nothing rather than taking the channel out of routing.
    return [];
  }
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}
