import {
  CHANNEL_SCREEN,
  type Channel,
  type ChannelFormValues,
  channelSchema,
  getChannel,
  maskTokenKey,
  splitChannelKeys,
} from '@gw/core';
import { byNumericId, type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';

/** A channel as JSON: its upstream key masked unless `--show-key` asks for it. */
function channelJson(channel: Channel, opts: Record<string, unknown>): Channel {
  if (opts.showKey || !channel.key) return channel;
  return {
    ...channel,
    // One masked line per key; a multi-line (JSON) key is one key, its whitespace left out of the mask.
    key: splitChannelKeys(channel.key)
      .map((key) => maskTokenKey(key.replace(/\s+/g, '')).replace(/^sk-/, ''))
      .join('\n'),
  };
}

/** Channels (console-screens §1), from core's channel screen. */
export const CHANNEL_SPEC: ResourceSpec<Channel, ChannelFormValues, unknown> = {
  name: 'channels',
  aliases: ['channel', 'ch'],
  screen: CHANNEL_SCREEN as ResourceSpec<Channel, ChannelFormValues, unknown>['screen'],
  get: byNumericId(getChannel),
  toJson: channelJson,
  jsonFields: schemaFields(channelSchema),
  flagNames: { groups: 'group' },
  listFlags: (command, ctx) => {
    command.option('--show-key', ctx.t('cli.channels.show_key'));
  },
  actionVerbs: { copy: 'copy' },
  toolbarVerbs: { delete_disabled: 'delete-disabled' },
};
