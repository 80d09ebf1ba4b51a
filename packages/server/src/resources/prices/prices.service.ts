// Price rules of contract §1.11 / spec §5: one price per model, `*` only as a trailing wildcard, an owner
// that exists; batch writes and imports run in one transaction (a refusal changes nothing).
import {
  type Price,
  type PriceBatch,
  type PriceSyncMode,
  type PriceSyncRow,
  type PriceWrite,
  UNPRICED_MODEL_RATIO,
} from '@gw/core';
import { ApiFailure, fieldFailure } from '../../shared/api-failure.js';
import type { OptionStore } from '../../shared/context.js';
import { BUILT_IN_PRICES } from './built-in-prices.js';
import type { PricesRepository, StoredPrice } from './prices.repository.js';
import { priceForModel, priceRowToWire, priceToRow } from './prices.wire.js';

/** Models configured on channels. Seam: the channels resource supplies it through app.ts. */
export interface ChannelModelSource {
  configuredModels(): Promise<string[]>;
}

/** Where prices find owner names (the model owners resource, composed in app.ts). */
export interface PriceOwnerSource {
  names(): Promise<Map<number, string>>;
}

/** Decoded model info to embed in the db price list (the model info resource, composed in app.ts). */
export interface PriceModelInfoSource {
  decodedByModel(): Promise<Map<string, NonNullable<Price['model_info']>>>;
}

/** The option naming the remote price list a console may fetch itself (`GET /api/prices/updateService`). */
export const UPDATE_PRICE_SERVICE_OPTION = 'UpdatePriceService';
/** The legacy one-api option `GET /api/prices?type=old` reads. */
export const MODEL_RATIO_OPTION = 'ModelRatio';

export interface PricesDependencies {
  owners: PriceOwnerSource;
  channelModels: ChannelModelSource;
  modelInfo: PriceModelInfoSource;
  options: OptionStore;
}

/** The price rules over a repository. */
export function createPricesService(prices: PricesRepository, deps: PricesDependencies) {
  async function checkOwner(id: number, field: string): Promise<void> {
    if (!(await deps.owners.names()).has(id))
      throw fieldFailure(field, 'prices.errors.owner_unknown', { id });
  }

  async function checkFree(models: readonly string[], field: string): Promise<void> {
    const taken = await prices.existing(models);
    if (taken[0]) throw fieldFailure(field, 'prices.errors.exists', { model: taken[0].model });
  }

  function noData(): never {
    throw new ApiFailure('NOT_FOUND', 'prices.errors.no_data');
  }

  return {
    /** Stored prices (with their model info), by owner then model. */
    async list(): Promise<Price[]> {
      const rows = await prices.all();
      if (rows.length === 0) noData();
      const infos = await deps.modelInfo.decodedByModel();
      return rows.map((row) => {
        const info = infos.get(row.model);
        return info ? { ...priceRowToWire(row), model_info: info } : priceRowToWire(row);
      });
    },

    /** The built-in default list (what a fresh database is seeded with, built-in-prices.ts). */
    async defaults(): Promise<Price[]> {
      return BUILT_IN_PRICES.map((price) => ({ ...price }));
    },

    /** The legacy list built from the one-api `ModelRatio` option (`{model: ratio}`). */
    async legacy(): Promise<Price[]> {
      let ratios: Record<string, unknown> = {};
      try {
        ratios = JSON.parse((await deps.options.get(MODEL_RATIO_OPTION)) || '{}');
      } catch {
        ratios = {};
      }
      const list = Object.entries(ratios)
        .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= 0)
        .map(([model, ratio]) => ({
          model,
          type: 'tokens',
          channel_type: 0,
          input: ratio,
          output: ratio,
          locked: false,
        }))
        .sort((a, b) => a.model.localeCompare(b.model));
      if (list.length === 0) noData();
      return list;
    },

    /** Models with a price of their own (no `prefix*` rows): what the site lists until channels serve models. */
    async pricedModels(): Promise<string[]> {
      return (await prices.all()).map((row) => row.model).filter((model) => !model.endsWith('*'));
    },

    /** A function giving each model the price it is billed at (unpriced: 30/30 per token, contract §2.11). */
    async pricer(): Promise<(model: string) => Price> {
      const rows = await prices.all();
      return (model) => {
        const row = priceForModel(model, rows);
        if (row) return { ...priceRowToWire(row), model };
        return {
          model,
          type: 'tokens',
          channel_type: 0,
          input: UNPRICED_MODEL_RATIO,
          output: UNPRICED_MODEL_RATIO,
          locked: false,
        };
      };
    },

    /** Priced models and the models configured on channels, sorted, once each. */
    async modelList(): Promise<string[]> {
      const priced = (await prices.all()).map((row) => row.model);
      const configured = await deps.channelModels.configuredModels();
      return [...new Set([...priced, ...configured])].sort();
    },

    async create(input: PriceWrite): Promise<void> {
      await checkOwner(input.channel_type, 'channel_type');
      await checkFree([input.model], 'model');
      await prices.insert([priceToRow(input, input.model)]);
    },

    /** Replaces the price of `model`; the body may rename it to a model that has no price yet. */
    async update(model: string, input: PriceWrite): Promise<void> {
      if (!(await prices.find(model)))
        throw new ApiFailure('NOT_FOUND', 'prices.errors.not_found', { params: { model } });
      await checkOwner(input.channel_type, 'channel_type');
      if (input.model !== model) await checkFree([input.model], 'model');
      await prices.replace(model, priceToRow(input, input.model));
    },

    async delete(model: string): Promise<void> {
      if ((await prices.delete([model])) === 0) {
        throw new ApiFailure('NOT_FOUND', 'prices.errors.not_found', { params: { model } });
      }
    },

    /** Models new to the list are added, kept ones updated, dropped ones deleted (one transaction). */
    async setBatch(batch: PriceBatch): Promise<void> {
      await checkOwner(batch.price.channel_type, 'price.channel_type');
      const original = new Set(batch.original_models);
      const wanted = new Set(batch.models);
      const added = batch.models.filter((model) => !original.has(model));
      await checkFree(added, 'models');
      const kept = batch.models.filter((model) => original.has(model));
      const dropped = batch.original_models.filter((model) => !wanted.has(model));
      await prices.inTransaction(async (writes) => {
        await writes.delete([...kept, ...dropped]);
        await writes.insert([...kept, ...added].map((model) => priceToRow(batch.price, model)));
      });
    },

    async deleteMany(models: readonly string[]): Promise<void> {
      await prices.delete(models);
    },

    /** Imports a price list; locked rows are never changed by `update` or `overwrite`. */
    async sync(mode: PriceSyncMode, rows: readonly PriceSyncRow[]): Promise<void> {
      const current = new Map((await prices.all()).map((row) => [row.model, row]));
      const toRow = (row: PriceSyncRow): StoredPrice => priceToRow(row, row.model);
      await prices.inTransaction(async (writes) => {
        if (mode === 'system' || mode === 'add') {
          await writes.insert(rows.filter((row) => !current.has(row.model)).map(toRow));
          return;
        }
        if (mode === 'update') {
          for (const row of rows) {
            const stored = current.get(row.model);
            if (stored && !stored.locked) await writes.replace(row.model, { ...toRow(row), locked: 0 });
          }
          return;
        }
        await writes.deleteUnlocked();
        const locked = new Set([...current.values()].filter((row) => row.locked).map((row) => row.model));
        await writes.insert(rows.filter((row) => !locked.has(row.model)).map(toRow));
      });
    },

    async updateService(): Promise<string> {
      return (await deps.options.get(UPDATE_PRICE_SERVICE_OPTION)) ?? '';
    },
  };
}

export type PricesService = ReturnType<typeof createPricesService>;
