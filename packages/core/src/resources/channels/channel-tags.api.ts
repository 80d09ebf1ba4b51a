// Typed calls of the channel tag routes (contract §1.8).
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import { type ChannelTagUpdateInput, channelTagUpdateSchema } from './channels-input.schema.js';
import { channelTagPrioritySchema } from './channels-requests.schema.js';
import {
  type Channel,
  type ChannelTag,
  type ChannelTagDetail,
  channelSchema,
  channelTagDetailSchema,
  channelTagSchema,
} from './channels.schema.js';

const tagPath = (tag: string) => `/api/channel_tag/${encodeURIComponent(tag)}`;
/** gw answers the tag deletions with the number deleted; one-hub with no data (read as 0). */
const countSchema = z.number().int().optional();

/** Every distinct non-empty tag. */
export async function listChannelTags(client: ApiClient): Promise<ChannelTag[]> {
  return (await client.request('GET', '/api/channel_tag/_all', z.array(channelTagSchema).nullable())) ?? [];
}

/** The channels of one tag, keys included. */
export async function listTagChannels(client: ApiClient, tag: string): Promise<Channel[]> {
  return (await client.request('GET', `${tagPath(tag)}/list`, z.array(channelSchema).nullable())) ?? [];
}

/** One tag as a form: the first member's fields, every key (one per line) and `KeyMap`. */
export function getChannelTag(client: ApiClient, tag: string): Promise<ChannelTagDetail> {
  return client.request('GET', tagPath(tag), channelTagDetailSchema);
}

/** Edits a tag: removed keys delete members, new keys create them, shared fields go to all. */
export async function updateChannelTag(
  client: ApiClient,
  tag: string,
  input: ChannelTagUpdateInput,
): Promise<void> {
  await client.send('PUT', tagPath(tag), { body: channelTagUpdateSchema.parse(input) });
}

/** Deletes every channel of a tag; returns how many (0 against one-hub). */
export async function deleteChannelTag(client: ApiClient, tag: string): Promise<number> {
  return (await client.request('DELETE', tagPath(tag), countSchema)) ?? 0;
}

/**
 * Deletes the disabled channels (status 2 or 3) of a tag; returns how many. one-hub answers success
 * with an empty body (contract §6.2), which counts as success here (0).
 */
export async function deleteDisabledTagChannels(client: ApiClient, tag: string): Promise<number> {
  try {
    return (await client.request('DELETE', `${tagPath(tag)}/disabled`, countSchema)) ?? 0;
  } catch (error) {
    if (error instanceof GwApiError && error.status === 200 && error.messageKey === 'errors.bad_reply')
      return 0;
    throw error;
  }
}

/** Sets the priority (or, gw only, the weight) of every channel of a tag. */
export async function setChannelTagPriority(
  client: ApiClient,
  tag: string,
  value: number,
  field: 'priority' | 'weight' = 'priority',
): Promise<void> {
  await client.send('PUT', `${tagPath(tag)}/priority`, {
    body: channelTagPrioritySchema.parse({ type: field, value }),
  });
}

/** Enables or disables every channel of a tag. */
export async function setChannelTagStatus(
  client: ApiClient,
  tag: string,
  status: 'enable' | 'disable',
): Promise<void> {
  await client.send('PUT', `${tagPath(tag)}/status/${status}`);
}
