// Price rows ↔ the Price shape of contract §2.11: ratios are exact decimal text in the table and numbers
// on the wire; `extra_ratios` is left out when empty.
import { Money, type Price, type PriceWrite } from '@gw/core';
import type { StoredPrice } from './prices.repository.js';

/** A ratio as the exact decimal text it is stored as (`0.1` stays `0.1`). */
export function ratioText(value: number): string {
  return new Money(value).toFixed();
}

function parseExtraRatios(text: string | null): Record<string, number> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, number>;
  } catch {
    // a broken row shows no extra ratios rather than failing the list
  }
  return undefined;
}

/** The wire Price. */
export function priceRowToWire(row: StoredPrice): Price {
  const extra = parseExtraRatios(row.extra_ratios);
  return {
    model: row.model,
    type: row.type,
    channel_type: row.channel_type,
    input: Number(row.input),
    output: Number(row.output),
    locked: Boolean(row.locked),
    ...(extra ? { extra_ratios: extra } : {}),
  };
}

/** The stored row of a validated price. */
export function priceToRow(price: Omit<PriceWrite, 'model'>, model: string): StoredPrice {
  const extra = price.extra_ratios && Object.keys(price.extra_ratios).length > 0 ? price.extra_ratios : null;
  return {
    model,
    type: price.type,
    channel_type: price.channel_type,
    input: ratioText(price.input),
    output: ratioText(price.output),
    locked: price.locked ? 1 : 0,
    extra_ratios: extra ? JSON.stringify(extra) : null,
  };
}

/** The price a model is billed at: its own row, else the longest `prefix*` row that matches. */
export function priceForModel(model: string, prices: readonly StoredPrice[]): StoredPrice | undefined {
  const exact = prices.find((price) => price.model === model);
  if (exact) return exact;
  let best: StoredPrice | undefined;
  for (const price of prices) {
    if (!price.model.endsWith('*')) continue;
    const prefix = price.model.slice(0, -1);
    if (model.startsWith(prefix) && prefix.length > (best?.model.length ?? 0) - 1) best = price;
  }
  return best;
}
