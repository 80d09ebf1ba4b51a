// /api/channel_tag/*: channels grouped by tag (contract §1.8).
import {
  CHANNEL_TAG_MAX,
  channelSchema,
  channelTagDetailSchema,
  channelTagPrioritySchema,
  channelTagSchema,
  channelTagUpdateSchema,
  trimStrings,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { ChannelTagsService } from './channel-tags.service.js';

const TAG = 'channel_tags';
const tagParams = z.object({
  tag: z.string().min(1, 'validation.required').max(CHANNEL_TAG_MAX, 'validation.too_long'),
});
const statusParams = tagParams.extend({
  status: z.enum(['enable', 'disable'], { message: 'channels.validation.tag_status' }),
});
const count = z.number().int();

/** The names of the fields a JSON body carries (a tag edit applies only those). */
function sentFields(body: unknown): Set<string> {
  const trimmed = trimStrings(body);
  return new Set(trimmed && typeof trimmed === 'object' ? Object.keys(trimmed) : []);
}

/** The tag routes, bound to the service. */
export function channelTagRoutes(service: ChannelTagsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/channel_tag/_all',
      guard: 'admin',
      tag: TAG,
      summary: 'Every distinct non-empty tag',
      reply: z.array(channelTagSchema),
      handler: () => service.tags(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/channel_tag/:tag/list',
      guard: 'admin',
      tag: TAG,
      summary: 'The channels of a tag, keys included',
      params: tagParams,
      reply: z.array(channelSchema),
      handler: ({ params }) => service.list(params.tag),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/channel_tag/:tag',
      guard: 'admin',
      tag: TAG,
      summary:
        "A tag as a form: the first member's fields, every key (one per line) and KeyMap md5(key) → id",
      params: tagParams,
      reply: channelTagDetailSchema,
      handler: ({ params }) => service.detail(params.tag),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/channel_tag/:tag',
      guard: 'admin',
      tag: TAG,
      summary: 'Edit a tag: removed keys delete members, new keys create them, sent shared fields go to all',
      params: tagParams,
      body: channelTagUpdateSchema,
      handler: async ({ params, body, request }) => {
        await service.update(params.tag, body, sentFields(request.body));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/channel_tag/:tag',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete every channel of a tag; data = how many',
      params: tagParams,
      reply: count,
      handler: ({ params }) => service.deleteAll(params.tag),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/channel_tag/:tag/disabled',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete the disabled channels (status 2 or 3) of a tag; data = how many (one-hub: empty body)',
      params: tagParams,
      reply: count,
      handler: ({ params }) => service.deleteDisabled(params.tag),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/channel_tag/:tag/priority',
      guard: 'admin',
      tag: TAG,
      summary: 'Set the priority (type "priority") or weight (type "weight") of every channel of a tag',
      params: tagParams,
      body: channelTagPrioritySchema,
      handler: async ({ params, body }) => {
        await service.setPriority(params.tag, body);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/channel_tag/:tag/status/:status',
      guard: 'admin',
      tag: TAG,
      summary: 'Enable (status 1) or disable (status 2) every channel of a tag',
      params: statusParams,
      handler: async ({ params }) => {
        await service.setStatus(params.tag, params.status);
      },
    }),
  ];
}
