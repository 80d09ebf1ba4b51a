// Channel tag rules of contract §1.8: a tag groups channels that share settings and differ by key.
import { createHash } from 'node:crypto';
import {
  type Channel,
  type ChannelTagDetail,
  type ChannelTagPriority,
  type ChannelTagUpdate,
  CHANNEL_NAME_MAX,
  nowSeconds,
} from '@gw/core';
import { fieldFailure, notFound } from '../../shared/api-failure.js';
import type { ChannelsRepository, ChannelsStore, NewChannel, StoredChannel } from './channels.repository.js';
import { checkedKeys } from './channels.service.js';
import { channelRowToChannel, formFieldsToColumns } from './channels.wire.js';

/** The fields a tag edit writes to every member (contract §1.8). */
export const CHANNEL_TAG_SHARED_FIELDS = [
  'base_url',
  'other',
  'models',
  'group',
  'tag',
  'model_mapping',
  'model_headers',
  'custom_parameter',
  'proxy',
  'test_model',
  'only_chat',
  'plugin',
  'pre_cost',
  'disabled_stream',
  'compatible_response',
] as const;

const withKey = (row: StoredChannel) => channelRowToChannel(row, { withKey: true });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A new member: the first member's settings with the shared changes, its own key and `{name}_{n}`. */
function newMember(
  template: StoredChannel,
  shared: Partial<NewChannel>,
  key: string,
  name: string,
): NewChannel {
  const { id: _id, ...settings } = template;
  return {
    ...settings,
    ...shared,
    key,
    name,
    status: 1,
    created_time: nowSeconds(),
    test_time: 0,
    response_time: 0,
    balance: 0,
    balance_updated_time: 0,
    used_quota: 0,
  };
}

/** The tag rules over the channel store. */
export function createChannelTagsService(store: ChannelsStore) {
  async function members(repo: Pick<ChannelsRepository, 'listByTag'>, tag: string): Promise<StoredChannel[]> {
    const rows = await repo.listByTag(tag);
    if (rows.length === 0) throw notFound('channels.errors.tag_not_found');
    return rows;
  }

  return {
    async tags(): Promise<Array<{ id: number; tag: string }>> {
      return (await store.distinctTags()).map((tag) => ({ id: 0, tag }));
    },

    async list(tag: string): Promise<Channel[]> {
      return (await store.listByTag(tag)).map(withKey);
    },

    /** The first member's fields, every member key (one per line) and KeyMap md5(key) → id. */
    async detail(tag: string): Promise<ChannelTagDetail> {
      const rows = await members(store, tag);
      const first = rows[0] as StoredChannel;
      const keyMap: Record<string, number> = {};
      for (const row of rows) keyMap[md5(row.key)] ??= row.id;
      return { ...withKey(first), key: rows.map((row) => row.key).join('\n'), KeyMap: keyMap };
    },

    /**
     * Removed keys delete their members, new keys create members, and the shared fields present in the
     * body are written to every member. `sent` names the body's fields (absent ones are left alone).
     */
    async update(tag: string, input: ChannelTagUpdate, sent: ReadonlySet<string>): Promise<void> {
      const keys = [...new Set(checkedKeys(input.key))];
      const picked = Object.fromEntries(
        CHANNEL_TAG_SHARED_FIELDS.filter((field) => sent.has(field)).map((field) => [field, input[field]]),
      );
      const shared = formFieldsToColumns(picked) as Partial<NewChannel>;
      await store.transaction(async (trx) => {
        const rows = await members(trx, tag);
        const first = rows[0] as StoredChannel;
        const known = new Set(rows.map((row) => row.key));
        const removed = rows.filter((row) => !keys.includes(row.key)).map((row) => row.id);
        await trx.deleteByIds(removed);
        const baseName = input.name || first.name;
        if (baseName.length + String(rows.length + keys.length).length + 1 > CHANNEL_NAME_MAX) {
          throw fieldFailure('name', 'validation.too_long');
        }
        const added = keys
          .filter((key) => !known.has(key))
          .map((key, index) => newMember(first, shared, key, `${baseName}_${rows.length + index + 1}`));
        if (Object.keys(shared).length > 0) await trx.updateByTag(tag, shared);
        await trx.insertMany(added);
      });
    },

    deleteAll: (tag: string) => store.deleteByTag(tag),

    deleteDisabled: (tag: string) => store.deleteDisabled(tag),

    async setPriority(tag: string, input: ChannelTagPriority): Promise<void> {
      await members(store, tag);
      await store.updateByTag(
        tag,
        input.type === 'weight' ? { weight: input.value } : { priority: input.value },
      );
    },

    async setStatus(tag: string, status: 'enable' | 'disable'): Promise<void> {
      await members(store, tag);
      await store.updateByTag(tag, { status: status === 'enable' ? 1 : 2 });
    },
  };
}

export type ChannelTagsService = ReturnType<typeof createChannelTagsService>;
