// Channel rules of contract §1.7: filtered list, multi-key create, full and quick edits, batch writes.
import {
  CHANNEL_MODEL_CREATED,
  CHANNEL_NAME_MAX,
  CHANNEL_TEXT_MAX,
  CHANNEL_SORT_FIELDS,
  type Channel,
  type ChannelBatchValue,
  type ChannelCreate,
  type ChannelListQuery,
  type ChannelProviderModels,
  type ChannelQuickUpdate,
  type ChannelUpdate,
  channelSchema,
  nowSeconds,
  splitChannelKeys,
} from '@gw/core';
import { fieldFailure, notFound } from '../../shared/api-failure.js';
import { listRequest } from '../../shared/listing.js';
import type { ChannelChanges, ChannelsStore, NewChannel, StoredChannel } from './channels.repository.js';
import { channelRowToChannel, formFieldsToColumns, normalizeCsv } from './channels.wire.js';
import type { ChannelModelCatalog } from './model-catalog.js';
import type { ChannelProvider } from './provider.js';

const withKey = (row: StoredChannel) => channelRowToChannel(row, { withKey: true });

/** The keys of a multi-line key field; each must fit the key column. */
export function checkedKeys(text: string): string[] {
  const keys = splitChannelKeys(text);
  if (keys.length === 0) throw fieldFailure('key', 'channels.validation.key_required');
  if (keys.some((key) => key.length > CHANNEL_TEXT_MAX)) throw fieldFailure('key', 'validation.too_long');
  return keys;
}

/** The i-th base URL of a `\n`-separated list, else the first (contract §1.7: aligned to the keys). */
function baseUrlFor(baseUrls: string[], index: number): string {
  return baseUrls[index] || baseUrls[0] || '';
}

/** The channel rules over the store, the model catalog seam and the upstream provider seam. */
export function createChannelsService(
  store: ChannelsStore,
  catalog: ChannelModelCatalog,
  provider: ChannelProvider,
) {
  async function stored(id: number): Promise<StoredChannel> {
    const row = await store.findById(id);
    if (!row) throw notFound('channels.errors.not_found');
    return row;
  }

  return {
    stored,

    async list(query: ChannelListQuery) {
      const request = listRequest(query, CHANNEL_SORT_FIELDS);
      const { rows, total } = await store.list(query, request);
      return {
        data: rows.map((row) => channelRowToChannel(row, { withKey: false })),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },

    async get(id: number): Promise<Channel> {
      return withKey(await stored(id));
    },

    /** One channel per non-empty line of `key`: names `name`, `name_2`, `name_3`…; base URLs aligned. */
    async create(input: ChannelCreate): Promise<Channel[]> {
      const keys = checkedKeys(input.key);
      if (keys.length > 1 && `${input.name}_${keys.length}`.length > CHANNEL_NAME_MAX) {
        throw fieldFailure('name', 'validation.too_long');
      }
      const baseUrls = input.base_url.split('\n').map((line) => line.trim());
      const columns = formFieldsToColumns(input);
      const now = nowSeconds();
      const rows = keys.map(
        (key, index) =>
          ({
            ...columns,
            key,
            name: index === 0 ? input.name : `${input.name}_${index + 1}`,
            base_url: baseUrlFor(baseUrls, index),
            status: input.status,
            created_time: now,
          }) as NewChannel,
      );
      const ids = await store.transaction((trx) => trx.insertMany(rows));
      return (await store.findByIds(ids)).map(withKey);
    },

    /**
     * Full edit: every form field is written. The server's own columns (created_time, test and balance
     * readings, used_quota) are never taken from the body (quirk §6.17); an empty key keeps the stored one.
     */
    async update(input: ChannelUpdate): Promise<Channel> {
      const current = await stored(input.id);
      const changes: ChannelChanges = {
        ...formFieldsToColumns(input),
        name: input.name,
        key: input.key || current.key,
        ...(input.status === undefined ? {} : { status: input.status }),
      };
      await store.update(current.id, changes);
      return withKey(await stored(current.id));
    },

    /** Quick edit: the fields sent are applied, zero included (quirk §6.18 fixed). */
    async quickUpdate(input: ChannelQuickUpdate): Promise<Channel> {
      const current = await stored(input.id);
      const { id: _id, ...changes } = input;
      if (Object.keys(changes).length > 0) await store.update(current.id, changes);
      return withKey(await stored(current.id));
    },

    async delete(id: number): Promise<void> {
      if ((await store.deleteByIds([id])) === 0) throw notFound('channels.errors.not_found');
    },

    async clearTag(id: number): Promise<void> {
      const current = await stored(id);
      await store.update(current.id, { tag: '' });
    },

    deleteDisabled: () => store.deleteDisabled(),

    deleteMany: (ids: number[]) => store.deleteByIds(ids),

    /** Sets `other` (Azure api-version) on the channels; returns how many exist. */
    setOther: (input: ChannelBatchValue) => store.updateMany(input.ids, { other: input.value }),

    /** Removes one model from each channel's CSV; returns how many channels changed. */
    async removeModel(input: ChannelBatchValue): Promise<number> {
      return store.transaction(async (trx) => {
        let changed = 0;
        for (const row of await trx.findByIds(input.ids)) {
          const models = row.models.split(',').map((item) => item.trim());
          const kept = models.filter((model) => model !== input.value);
          if (kept.length === models.length) continue;
          await trx.update(row.id, { models: normalizeCsv(kept.join(',')) });
          changed += 1;
        }
        return changed;
      });
    },

    /** `{object:"list", data:[…]}` from the catalog seam (not enveloped). */
    async modelList() {
      const models = await catalog.models();
      return {
        object: 'list' as const,
        data: models.map((model) => ({
          id: model.id,
          object: 'model',
          created: CHANNEL_MODEL_CREATED,
          owned_by: model.owned_by,
        })),
      };
    },

    /** The upstream's models for a form (first key line) or for a stored channel when no key is sent. */
    async providerModels(input: ChannelProviderModels): Promise<string[]> {
      let channel: Channel;
      if (!input.key && input.id > 0) {
        channel = withKey(await stored(input.id));
      } else {
        const key = splitChannelKeys(input.key)[0];
        if (!key) throw fieldFailure('key', 'channels.validation.key_required');
        channel = channelSchema.parse({
          ...input,
          id: input.id,
          key,
          base_url: input.base_url.split('\n')[0],
        });
      }
      const models = await provider.listModels(channel);
      return [...new Set(models)];
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
