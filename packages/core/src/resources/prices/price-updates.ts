// What a remote price list would change (console-screens §17.4, the check-updates dialog): the models it
// adds and, for models both lists price, what differs — input, output and each extra ratio.
import type { Price } from './prices.schema.js';

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
  return { added, changed, serverTotal: server.length };
}

/** Reads a fetched price list: an array, or `{data: [...]}`; anything else is not a price list. */
export function readRemotePriceList(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object' && Array.isArray((json as { data?: unknown }).data)) {
    return (json as { data: unknown[] }).data;
  }
  return undefined;
}
