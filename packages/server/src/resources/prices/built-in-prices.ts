// The built-in price list (spec §9.9, §1.1 step 6): one-hub seeds its default prices into a fresh
// database at start (auto price update mode `system`), so a new site bills the well-known models at their
// real rates instead of the unpriced 30/30 and its console has a price list. The rows are data
// (built-in-prices.json, gw's own file: model, type, owner id, input and output ratio), checked against the
// price input rules when loaded; `GET /api/prices?type=default` shows the same list.
import { type PriceWrite, priceInputSchema } from '@gw/core';
import { z } from 'zod';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import list from './built-in-prices.json' with { type: 'json' };
import { priceToRow } from './prices.wire.js';

/** The built-in prices, by owner then model (the order of `GET /api/prices`). */
export const BUILT_IN_PRICES: readonly PriceWrite[] = Object.freeze(
  z
    .array(priceInputSchema)
    .parse(list)
    .map((price) => ({ ...price, locked: false }))
    .sort((a, b) => a.channel_type - b.channel_type || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0)),
);

/** When the built-in list is added at start (AUTO_PRICE_UPDATES / AUTO_PRICE_UPDATES_MODE). */
export interface PriceSeedSettings {
  /** `system`: the built-in list is the source; `off`: no built-in prices at all. */
  mode: 'system' | 'off';
  /** Add the built-in models missing from the table at every start, not only into an empty table. */
  always: boolean;
}

const INSERT_CHUNK = 100;

/**
 * Adds the built-in prices of models the table lacks — into an empty table (a first start), or at every
 * start when `always` — and never changes a stored row, locked or not, so an operator's edits stay. Several
 * processes starting at once may all try: a row another one added first is skipped. Resolves to how many
 * rows this call added.
 */
export async function seedBuiltInPrices(
  db: GwDb,
  kind: DatabaseKind,
  settings: PriceSeedSettings,
): Promise<number> {
  if (settings.mode !== 'system') return 0;
  const stored = new Set((await db.selectFrom('prices').select('model').execute()).map((row) => row.model));
  if (stored.size > 0 && !settings.always) return 0;
  const missing = BUILT_IN_PRICES.filter((price) => !stored.has(price.model));
  let added = 0;
  for (let index = 0; index < missing.length; index += INSERT_CHUNK) {
    const rows = missing.slice(index, index + INSERT_CHUNK).map((price) => priceToRow(price, price.model));
    const insert = db.insertInto('prices').values(rows);
    const result =
      kind === 'mysql'
        ? await insert.ignore().executeTakeFirst()
        : await insert.onConflict((conflict) => conflict.column('model').doNothing()).executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
