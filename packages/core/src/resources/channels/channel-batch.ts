// The channel batch dialog's tabs (console-screens §1.7) described once: each searches channels by a
// text, lets the operator pick some, then applies one change to the picked ones. A face draws every tab
// the same way from this description.
import type { ApiClient } from '../../http/client.js';
import type { Translate } from '../../i18n/i18n.js';
import { channelModels } from './channel-list.rules.js';
import { listChannels, removeModelFromChannels, setChannelsAzureApi } from './channels.api.js';
import type { Channel } from './channels.schema.js';

/** The most channels one search lists (§1.7: 100 rows). */
export const CHANNEL_BATCH_SEARCH_SIZE = 100;
const AZURE = 3;

export interface ChannelBatchTab {
  id: string;
  titleKey: string;
  /** An information callout above the search. */
  noticeKey?: string;
  /** The search box's label; `searchRequiredKey` refuses an empty search where it needs a text. */
  searchLabelKey: string;
  searchRequiredKey?: string;
  /** The channels a search for `text` offers. */
  search(client: ApiClient, text: string): Promise<Channel[]>;
  /** How a found channel is listed. */
  channelLabel(channel: Channel, t: Translate): string;
  /** A value typed before applying (the new version), with the refusal of an empty one. */
  value?: { labelKey: string; requiredKey: string };
  apply: {
    labelKey: string;
    intent: 'primary' | 'danger';
    icon?: string;
    /** Runs on the picked ids with the text searched and the value typed; answers how many changed. */
    run(client: ApiClient, ids: number[], searched: string, value: string): Promise<number>;
    doneKey: string;
  };
}

/** Moves the Azure channels of one API version (`other`; empty finds all) to another. */
const AZURE_VERSION_TAB: ChannelBatchTab = {
  id: 'azure',
  titleKey: 'channels.editor.batch.azure_tab',
  searchLabelKey: 'channels.editor.batch.current_version',
  search: async (client, text) =>
    (await listChannels(client, { type: AZURE, other: text, page: 1, size: CHANNEL_BATCH_SEARCH_SIZE })).data,
  channelLabel: (channel, t) =>
    t('channels.editor.batch.channel', { name: channel.name, version: channel.other }),
  value: {
    labelKey: 'channels.editor.batch.new_version',
    requiredKey: 'channels.editor.batch.version_required',
  },
  apply: {
    labelKey: 'channels.editor.batch.apply',
    intent: 'primary',
    run: (client, ids, _searched, value) => setChannelsAzureApi(client, { ids, value }),
    doneKey: 'channels.editor.batch.updated',
  },
};

/** Removes one model from the channels that offer it among others. */
const DELETE_MODEL_TAB: ChannelBatchTab = {
  id: 'model',
  titleKey: 'channels.editor.batch.model_tab',
  noticeKey: 'channels.editor.batch.model_info',
  searchLabelKey: 'channels.editor.batch.model',
  searchRequiredKey: 'channels.editor.batch.model_required',
  search: async (client, text) =>
    // Removing a channel's only model would leave it with none: such channels are not offered.
    (await listChannels(client, { models: text, page: 1, size: CHANNEL_BATCH_SEARCH_SIZE })).data.filter(
      (channel) => {
        const models = channelModels(channel);
        return models.length > 1 && models.includes(text);
      },
    ),
  channelLabel: (channel) => channel.name,
  apply: {
    labelKey: 'channels.editor.batch.delete',
    intent: 'danger',
    icon: 'trash',
    run: (client, ids, searched) => removeModelFromChannels(client, { ids, value: searched }),
    doneKey: 'channels.editor.batch.deleted',
  },
};

export const CHANNEL_BATCH_TABS: readonly ChannelBatchTab[] = [AZURE_VERSION_TAB, DELETE_MODEL_TAB];
