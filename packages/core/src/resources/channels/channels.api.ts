// Typed calls of the channel routes (contract §1.7); the tag routes are in channel-tags.api.ts.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { pagedSchema, type Paged } from '../../http/envelope.js';
import {
  type ChannelCreateInput,
  type ChannelUpdateInput,
  channelCreateSchema,
  channelQuickUpdateSchema,
  channelUpdateSchema,
} from './channels-input.schema.js';
import {
  type ChannelBatchValue,
  type ChannelListInput,
  channelBatchDeleteSchema,
  channelBatchValueSchema,
  channelListQuerySchema,
  channelProviderModelsSchema,
} from './channels-requests.schema.js';
import {
  type Channel,
  type ChannelBalanceReply,
  type ChannelModelList,
  type ChannelTestReply,
  channelBalanceReplySchema,
  channelModelListSchema,
  channelSchema,
  channelTestReplySchema,
} from './channels.schema.js';

export const channelPageSchema = pagedSchema(channelSchema);
const countSchema = z.number().int();

/** Lists channels with paging, sorting and the filters of contract §1.7 (keys come back empty). */
export function listChannels(client: ApiClient, query: ChannelListInput = {}): Promise<Paged<Channel>> {
  const parsed = channelListQuerySchema.parse(query);
  return client.request('GET', '/api/channel/', channelPageSchema, { query: { ...parsed } });
}

/** One channel with its real key. */
export function getChannel(client: ApiClient, id: number): Promise<Channel> {
  return client.request('GET', `/api/channel/${id}`, channelSchema);
}

/**
 * Creates one channel per line of `key`. gw answers with the created channels; one-hub answers with
 * no data, so this returns `[]` there.
 */
export async function createChannels(client: ApiClient, input: ChannelCreateInput): Promise<Channel[]> {
  const body = channelCreateSchema.parse(input);
  const created = await client.request('POST', '/api/channel/', z.array(channelSchema).optional(), { body });
  return created ?? [];
}

/** Full edit (the form): every field of the body is written; an empty key keeps the stored key. */
export function updateChannel(client: ApiClient, input: ChannelUpdateInput): Promise<Channel> {
  return client.request('PUT', '/api/channel/', channelSchema, { body: channelUpdateSchema.parse(input) });
}

/** Quick edit of a few fields (status, priority, weight, name, tag, test_model); 0 is applied too. */
export function quickUpdateChannel(
  client: ApiClient,
  input: z.input<typeof channelQuickUpdateSchema>,
): Promise<Channel> {
  return client.request('PUT', '/api/channel/', channelSchema, {
    body: channelQuickUpdateSchema.parse(input),
  });
}

/** Deletes one channel. */
export async function deleteChannel(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/channel/${id}`);
}

/** Clears one channel's tag. */
export async function clearChannelTag(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/channel/${id}/tag`);
}

/** Deletes every disabled channel (status 2 or 3); returns how many. */
export function deleteDisabledChannels(client: ApiClient): Promise<number> {
  return client.request('DELETE', '/api/channel/disabled', countSchema);
}

/** Deletes the channels with these ids; returns how many. */
export function deleteChannels(client: ApiClient, ids: number[]): Promise<number> {
  return client.request('DELETE', '/api/channel/batch', countSchema, {
    body: channelBatchDeleteSchema.parse({ ids, value: 'delete' }),
  });
}

/** Sets `other` (the Azure api-version) on these channels; returns how many. */
export function setChannelsAzureApi(client: ApiClient, input: ChannelBatchValue): Promise<number> {
  return client.request('PUT', '/api/channel/batch/azure_api', countSchema, {
    body: channelBatchValueSchema.parse(input),
  });
}

/** Removes one model from these channels' model lists; returns how many changed. */
export function removeModelFromChannels(client: ApiClient, input: ChannelBatchValue): Promise<number> {
  return client.request('PUT', '/api/channel/batch/del_model', countSchema, {
    body: channelBatchValueSchema.parse(input),
  });
}

/** Every model the site offers (not enveloped: an OpenAI-style list). */
export function listChannelModels(client: ApiClient): Promise<ChannelModelList> {
  return client.requestUnwrapped('GET', '/api/channel/models', channelModelListSchema);
}

/** The models the upstream of a channel form (or a stored channel) offers. */
export function listProviderModels(
  client: ApiClient,
  input: z.input<typeof channelProviderModelsSchema>,
): Promise<string[]> {
  return client.request('POST', '/api/channel/provider_models_list', z.array(z.string()), {
    body: channelProviderModelsSchema.parse(input),
  });
}

/** Tests one channel with `model` (default: its test model); the reply carries `time` in seconds. */
export async function testChannel(client: ApiClient, id: number, model?: string): Promise<ChannelTestReply> {
  const envelope = await client.send('GET', `/api/channel/test/${id}`, { query: { model } });
  return channelTestReplySchema.parse(envelope);
}

/** Starts a test of every channel in the background. */
export async function testAllChannels(client: ApiClient): Promise<string> {
  return (await client.send('GET', '/api/channel/test')).message;
}

/** Refreshes one channel's upstream balance. */
export async function updateChannelBalance(client: ApiClient, id: number): Promise<ChannelBalanceReply> {
  const envelope = await client.send('GET', `/api/channel/update_balance/${id}`);
  return channelBalanceReplySchema.parse(envelope);
}

/** Refreshes the balance of every enabled OpenAI and Custom channel. */
export async function updateAllChannelBalances(client: ApiClient): Promise<string> {
  return (await client.send('GET', '/api/channel/update_balance')).message;
}
