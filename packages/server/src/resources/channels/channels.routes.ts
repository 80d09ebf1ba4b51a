// /api/channel/*: channel management (contract §1.7). Test and balance routes are in channel-checks.routes.ts.
import {
  channelBatchDeleteSchema,
  channelBatchValueSchema,
  channelCreateSchema,
  channelListQuerySchema,
  channelModelListSchema,
  channelProviderModelsSchema,
  channelQuickUpdateSchema,
  channelSchema,
  channelUpdateSchema,
  isFullChannelEdit,
  pagedSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { parseInput } from '../../shared/validate.js';
import type { ChannelsService } from './channels.service.js';
import { idParamsSchema } from '../../shared/route-params.js';
import { BODY_LIMITS } from '../../shared/body-limits.js';

const TAG = 'channels';
const count = z.number().int();

/** The channel routes, bound to the service. */
export function channelRoutes(service: ChannelsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/channel/',
      guard: 'admin',
      tag: TAG,
      summary:
        'List channels (keys blank): filters type, status, name, group, models, key, other, test_model, tag, filter_tag',
      query: channelListQuerySchema,
      reply: pagedSchema(channelSchema),
      handler: ({ query }) => service.list(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/channel/models',
      guard: 'admin',
      tag: TAG,
      summary: 'Every offered model, OpenAI-style (not enveloped: {object:"list", data})',
      handler: async ({ reply }) => reply.send(channelModelListSchema.parse(await service.modelList())),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/channel/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'One channel, key included',
      params: idParamsSchema,
      reply: channelSchema,
      handler: ({ params }) => service.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/channel/',
      guard: 'admin',
      tag: TAG,
      summary: 'Create one channel per line of key (names _2, _3…); gw answers with the created channels',
      body: channelCreateSchema,
      reply: z.array(channelSchema),
      handler: ({ body }) => service.create(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/channel/',
      guard: 'admin',
      tag: TAG,
      summary: 'Full edit when models is non-empty, else a quick edit of the fields sent (0 applies too)',
      documentedBody: z.union([channelUpdateSchema, channelQuickUpdateSchema]),
      reply: channelSchema,
      handler: ({ request }) =>
        isFullChannelEdit(request.body)
          ? service.update(parseInput(channelUpdateSchema, request.body))
          : service.quickUpdate(parseInput(channelQuickUpdateSchema, request.body)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/channel/disabled',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete every disabled channel (status 2 or 3); data = how many',
      reply: count,
      handler: () => service.deleteDisabled(),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/channel/batch',
      bodyLimit: BODY_LIMITS.bulk,
      guard: 'admin',
      tag: TAG,
      summary: 'Delete the channels with these ids; data = how many',
      body: channelBatchDeleteSchema,
      reply: count,
      handler: ({ body }) => service.deleteMany(body.ids),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/channel/:id',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete one channel',
      params: idParamsSchema,
      handler: async ({ params }) => {
        await service.delete(params.id);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/channel/:id/tag',
      guard: 'admin',
      tag: TAG,
      summary: "Clear one channel's tag",
      params: idParamsSchema,
      handler: async ({ params }) => {
        await service.clearTag(params.id);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/channel/batch/azure_api',
      bodyLimit: BODY_LIMITS.bulk,
      guard: 'admin',
      tag: TAG,
      summary: 'Set other (the Azure api-version) on these channels; data = how many',
      body: channelBatchValueSchema,
      reply: count,
      handler: async ({ body, reply, t }) =>
        reply.send({
          success: true,
          message: t('channels.messages.updated'),
          data: await service.setOther(body),
        }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/channel/batch/del_model',
      bodyLimit: BODY_LIMITS.bulk,
      guard: 'admin',
      tag: TAG,
      summary: "Remove one model from these channels' model lists; data = how many changed",
      body: channelBatchValueSchema,
      reply: count,
      handler: ({ body }) => service.removeModel(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/channel/provider_models_list',
      guard: 'admin',
      tag: TAG,
      summary: "The upstream's model ids for a channel form (first key line) or a stored channel",
      body: channelProviderModelsSchema,
      reply: z.array(z.string()),
      handler: ({ body }) => service.providerModels(body),
    }),
  ];
}
