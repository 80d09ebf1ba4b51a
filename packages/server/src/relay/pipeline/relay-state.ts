// What the relay keeps in memory (behaviour spec §14.1): channels and their routing table, user groups,
// prices and options. Each part reloads from the database when its topic is invalidated — by this
// process's own management routes, or by another process through the Redis bus.
import { createHash } from 'node:crypto';
import type { GwDb } from '../../db/database.js';
import type { OptionStore } from '../../shared/context.js';
import type { RelayUserGroup } from '../auth/token-group.js';
import { type BillingPrice, type RequestRatios, requestRatios } from '../billing/request-ratios.js';
import { buildRoutingTable, type RoutingTable } from '../selection/routing-table.js';
import { loadRelayOptions, type RelayOptions } from './relay-options.js';
import { type RelayChannel, toRelayChannel } from './relay-channel.js';

export interface RelayGroup extends RelayUserGroup {
  /** Requests per minute for users of this group (spec §13.1). */
  apiRate: number;
}

/** The topics whose change reloads part of the state. */
export type RelayTopic = 'channels' | 'groups' | 'prices' | 'options' | 'tokens';
export const RELAY_TOPICS: readonly RelayTopic[] = ['channels', 'groups', 'prices', 'options', 'tokens'];

export interface RelayState {
  routing(): RoutingTable;
  channel(id: number): RelayChannel | undefined;
  channels(): readonly RelayChannel[];
  groups(): ReadonlyMap<string, RelayGroup>;
  price(model: string): BillingPrice | undefined;
  /** The billing ratios of a model in a group ratio, computed once per price change (exact decimals are slow). */
  ratios(model: string, groupRatio: number): RequestRatios;
  /** The vendor name a model's price names (model_ownedby), for `/v1/models`; undefined when unknown. */
  owner(model: string): string | undefined;
  options(): RelayOptions;
  /** Reloads one part now (awaitable, for the process that made the change). */
  reload(topic: RelayTopic): Promise<void>;
  /** Loads everything (at start). */
  load(): Promise<void>;
  /** Called when tokens or users changed (the key cache lives outside the state). */
  onTokensChanged(listener: () => void): void;
}

interface PriceTable {
  owners: Map<string, string>;
  exact: Map<string, BillingPrice>;
  /** Wildcard prices (`prefix*`), longest prefix first. */
  wildcards: Array<[string, BillingPrice]>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export function createRelayState(db: GwDb, optionStore: OptionStore): RelayState {
  let channelList: RelayChannel[] = [];
  let channelById = new Map<number, RelayChannel>();
  let table: RoutingTable = buildRoutingTable([]);
  let groupMap = new Map<string, RelayGroup>();
  let prices: PriceTable = { owners: new Map(), exact: new Map(), wildcards: [] };
  let relayOptions: RelayOptions | undefined;
  let ratioCache = new Map<string, RequestRatios>();
  const tokenListeners: Array<() => void> = [];

  const loaders: Record<RelayTopic, () => Promise<void>> = {
    async channels() {
      const rows = await db.selectFrom('channels').selectAll().execute();
      const next = rows.map((row) => toRelayChannel(row, md5));
      // Build first, swap after: a request never sees a half-built table.
      const nextTable = buildRoutingTable(rows);
      channelList = next;
      channelById = new Map(next.map((channel) => [channel.id, channel]));
      table = nextTable;
    },
    async groups() {
      const rows = await db.selectFrom('user_groups').selectAll().execute();
      groupMap = new Map(
        rows.map((row) => [
          row.symbol,
          {
            symbol: row.symbol,
            ratio: Number(row.ratio),
            enable: row.enable === 1,
            apiRate: Number(row.api_rate),
          },
        ]),
      );
    },
    async prices() {
      const [rows, vendors] = await Promise.all([
        db.selectFrom('prices').selectAll().execute(),
        db.selectFrom('model_ownedby').select(['id', 'name']).execute(),
      ]);
      const vendorNames = new Map(vendors.map((vendor) => [vendor.id, vendor.name]));
      const owners = new Map<string, string>();
      for (const row of rows) {
        const name = vendorNames.get(row.channel_type);
        if (name) owners.set(row.model, name);
      }
      const exact = new Map<string, BillingPrice>();
      const wildcards: Array<[string, BillingPrice]> = [];
      for (const row of rows) {
        const price: BillingPrice = {
          type: row.type,
          input: row.input,
          output: row.output,
          extra_ratios: row.extra_ratios,
        };
        if (row.model.endsWith('*')) wildcards.push([row.model.slice(0, -1), price]);
        else exact.set(row.model, price);
      }
      wildcards.sort(([a], [b]) => b.length - a.length);
      prices = { owners, exact, wildcards };
      ratioCache = new Map();
    },
    async options() {
      relayOptions = await loadRelayOptions(optionStore);
    },
    async tokens() {
      for (const listener of tokenListeners) listener();
    },
  };

  return {
    routing: () => table,
    channel: (id) => channelById.get(id),
    channels: () => channelList,
    groups: () => groupMap,
    price(model) {
      const exact = prices.exact.get(model);
      if (exact) return exact;
      for (const [prefix, price] of prices.wildcards) if (model.startsWith(prefix)) return price;
      return undefined;
    },
    owner: (model) => prices.owners.get(model),
    ratios(model, groupRatio) {
      const key = `${groupRatio}\u0000${model}`;
      let found = ratioCache.get(key);
      if (!found) {
        found = requestRatios(this.price(model), groupRatio);
        if (ratioCache.size >= 10_000) ratioCache = new Map();
        ratioCache.set(key, found);
      }
      return found;
    },
    options() {
      if (!relayOptions) throw new Error('relay state used before load()');
      return relayOptions;
    },
    reload: (topic) => loaders[topic](),
    onTokensChanged: (listener) => {
      tokenListeners.push(listener);
    },
    async load() {
      await Promise.all(RELAY_TOPICS.map((topic) => loaders[topic]()));
    },
  };
}
