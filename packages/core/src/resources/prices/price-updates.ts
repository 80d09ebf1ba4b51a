// What a remote price list would change (console-screens §17.4, the check-updates dialog): the models it
// adds and, for models both lists price, what differs — input, output and each extra ratio.
import { type Price, priceImportRowSchema } from './prices.schema.js';

export interface ExtraRatioChange {
  kind: string;
  change: 'added' | 'removed' | 'modified';
  from?: number;
  to?: number;
}

export interface PriceChange {
  model: string;
  input?: { from: number; to: number };
  output?: { from: number; to: number };
  type?: { from: string; to: string };
  extra: ExtraRatioChange[];
}

export interface PriceUpdates {
  /** Models only the remote list prices. */
  added: Price[];
  /** Models both price, differently. */
  changed: PriceChange[];
  /** Models only the server prices (an overwrite drops those not locked). */
  removed: Price[];
  /** How many prices the server holds now. */
  serverTotal: number;
}

function extraChanges(
  from: Record<string, number> | null | undefined,
  to: Record<string, number> | null | undefined,
): ExtraRatioChange[] {
  const before = from ?? {};
  const after = to ?? {};
  const changes: ExtraRatioChange[] = [];
  for (const kind of Object.keys(after).sort()) {
    if (!(kind in before)) changes.push({ kind, change: 'added', to: after[kind] });
    else if (before[kind] !== after[kind])
      changes.push({ kind, change: 'modified', from: before[kind], to: after[kind] });
  }
  for (const kind of Object.keys(before).sort()) {
    if (!(kind in after)) changes.push({ kind, change: 'removed', from: before[kind] });
  }
  return changes;
}

/** Compares the server's prices with a remote list, model by model (the remote list's order kept). */
export function diffPriceLists(server: readonly Price[], remote: readonly Price[]): PriceUpdates {
  const stored = new Map(server.map((price) => [price.model, price]));
  const added: Price[] = [];
  const changed: PriceChange[] = [];
  for (const price of remote) {
    const current = stored.get(price.model);
    if (!current) {
      added.push(price);
      continue;
    }
    const change: PriceChange = {
      model: price.model,
      extra: extraChanges(current.extra_ratios, price.extra_ratios),
    };
    if (current.type !== price.type) change.type = { from: current.type, to: price.type };
    if (current.input !== price.input) change.input = { from: current.input, to: price.input };
    if (current.output !== price.output) change.output = { from: current.output, to: price.output };
    if (change.type || change.input || change.output || change.extra.length > 0) changed.push(change);
  }
  const listed = new Set(remote.map((price) => price.model));
  const removed = server.filter((price) => !listed.has(price.model));
  return { added, changed, removed, serverTotal: server.length };
}

/** Reads a fetched price list: an array, or `{data: [...]}`; anything else is not a price list. */
export function readRemotePriceList(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object' && Array.isArray((json as { data?: unknown }).data)) {
    return (json as { data: unknown[] }).data;
  }
  return undefined;
}

/** Where the check-updates dialog reads a price list when the server names none (one-hub's public list). */
export const DEFAULT_PRICE_LIST_URL =
  'https://raw.githubusercontent.com/MartialBE/one-api/prices/prices.json';

/**
 * A fetched price list read as prices: an array or `{data: [...]}` whose every entry is a price
 * (model, type, owner, ratios). Undefined when it is not one (the dialog's "data format incorrect").
 */
export function parseRemotePriceList(json: unknown): Price[] | undefined {
  const list = readRemotePriceList(json);
  if (list === undefined) return undefined;
  const prices: Price[] = [];
  for (const entry of list) {
    // The rows the sync accepts: an unknown owner (0) is tolerated, extra fields (model_info) dropped.
    const parsed = priceImportRowSchema.safeParse(entry);
    if (!parsed.success) return undefined;
    prices.push(parsed.data as Price);
  }
  return prices;
}

/** What one sync mode would do to the server's prices (contract §1.11: locked prices are kept). */
export interface SyncEffect {
  added: number;
  updated: number;
  removed: number;
}

/**
 * The effect of `POST /api/prices/sync?updateMode=…` with the remote list: add inserts the new
 * models only; update rewrites the changed models that are not locked; overwrite replaces every
 * unlocked price by the list (new ones added, changed ones rewritten, unlisted ones dropped).
 */
export function syncEffect(
  updates: PriceUpdates,
  server: readonly Price[],
  mode: 'add' | 'update' | 'overwrite',
): SyncEffect {
  const locked = new Set(server.filter((price) => price.locked).map((price) => price.model));
  const changed = updates.changed.filter((change) => !locked.has(change.model)).length;
  if (mode === 'add') return { added: updates.added.length, updated: 0, removed: 0 };
  if (mode === 'update') return { added: 0, updated: changed, removed: 0 };
  return {
    added: updates.added.length,
    updated: changed,
    removed: updates.removed.filter((price) => !price.locked).length,
  };
}
