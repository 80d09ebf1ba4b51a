// The pricing screen's warnings (console-screens §17): models channels serve that no price covers
// (billed at the unpriced default), and prices whose owner (channel type) is not set.
import type { Price } from './prices.schema.js';

/** Whether a price names this model: the same name, or a `prefix*` wildcard the model starts with. */
export function priceCovers(price: Pick<Price, 'model'>, model: string): boolean {
  if (price.model.endsWith('*')) return model.startsWith(price.model.slice(0, -1));
  return price.model === model;
}

/**
 * The models of `GET /api/prices/model_list` (priced ∪ on channels) that no price covers, in list
 * order; a wildcard price covers the models it would bill.
 */
export function unpricedModels(models: readonly string[], prices: readonly Pick<Price, 'model'>[]): string[] {
  const exact = new Set(prices.map((price) => price.model));
  const wildcards = prices.filter((price) => price.model.endsWith('*'));
  return [...new Set(models)].filter(
    (model) => !exact.has(model) && !wildcards.some((price) => priceCovers(price, model)),
  );
}

/** The prices whose owner (`channel_type`) is 0 or below: no provider to group or show them under. */
export function pricesWithoutOwner(prices: readonly Price[]): string[] {
  return prices.filter((price) => !(price.channel_type > 0)).map((price) => price.model);
}
