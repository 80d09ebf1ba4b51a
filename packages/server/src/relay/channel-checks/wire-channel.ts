// The relay's view of a channel from the management API's wire Channel: the test and balance calls get
// the channel as the management routes read it (or as a form sent it, for the model list), and parse it
// exactly as the relay parses its stored rows.
import { createHash } from 'node:crypto';
import type { Channel } from '@gw/core';
import type { Selectable } from 'kysely';
import type { ChannelRow } from '../../db/tables.js';
import { type RelayChannel, toRelayChannel } from '../pipeline/relay-channel.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The wire Channel back in row form (booleans as 0/1, JSON columns as text), then toRelayChannel. */
export function wireChannelToRelayChannel(channel: Channel): RelayChannel {
  const row: Selectable<ChannelRow> = {
    id: channel.id,
    type: channel.type,
    key: channel.key,
    status: channel.status,
    name: channel.name,
    weight: channel.weight,
    created_time: channel.created_time,
    test_time: channel.test_time,
    response_time: channel.response_time,
    base_url: channel.base_url,
    other: channel.other,
    balance: channel.balance,
    balance_updated_time: channel.balance_updated_time,
    models: channel.models,
    group: channel.group,
    tag: channel.tag,
    used_quota: channel.used_quota,
    model_mapping: channel.model_mapping,
    model_headers: channel.model_headers,
    custom_parameter: channel.custom_parameter,
    priority: channel.priority,
    proxy: channel.proxy,
    test_model: channel.test_model,
    only_chat: channel.only_chat ? 1 : 0,
    pre_cost: channel.pre_cost,
    compatible_response: channel.compatible_response ? 1 : 0,
    allow_extra_body: channel.allow_extra_body ? 1 : 0,
    disabled_stream: disabledStreamText(channel),
    plugin: channel.plugin ? JSON.stringify(channel.plugin) : null,
  };
  return toRelayChannel(row, md5);
}

/** channelRowToChannel leaves `disabled_stream` out when the column is NULL, whatever the type says. */
function disabledStreamText(channel: Channel): string | null {
  const list: readonly string[] | undefined = channel.disabled_stream;
  return list && list.length > 0 ? JSON.stringify(list) : null;
}

/** The model sent upstream: the channel's mapping applied, a `+` prefix (bill as asked) stripped. */
export function upstreamModelOf(channel: RelayChannel, model: string): string {
  const mapped = channel.modelMapping[model];
  return mapped ? mapped.replace(/^\+/, '') : model;
}
