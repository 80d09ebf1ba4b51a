// The "multiple" view of prices (console-screens §17.2): models sharing one price — type, owner, input,
// output, extra ratios and lock — shown and edited as one row.
import type { Price } from './prices.schema.js';

export interface PriceGroup {
  /** A stable key of the shared price. */
  key: string;
  type: string;
  channel_type: number;
  input: number;
  output: number;
  locked: boolean;
  extra_ratios: Record<string, number>;
  models: string[];
}

function extraKey(extra: Record<string, number> | null | undefined): string {
  return JSON.stringify(Object.entries(extra ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Groups prices that are the same but for the model, in the order each group first appears. */
export function groupPrices(prices: readonly Price[]): PriceGroup[] {
  const groups = new Map<string, PriceGroup>();
  for (const price of prices) {
    const key = [
      price.type,
      price.channel_type,
      price.input,
      price.output,
      price.locked,
      extraKey(price.extra_ratios),
    ].join('|');
    const group = groups.get(key);
    if (group) group.models.push(price.model);
    else
      groups.set(key, {
        key,
        type: price.type,
        channel_type: price.channel_type,
        input: price.input,
        output: price.output,
        locked: price.locked,
        extra_ratios: { ...(price.extra_ratios ?? {}) },
        models: [price.model],
      });
  }
  return [...groups.values()];
}
