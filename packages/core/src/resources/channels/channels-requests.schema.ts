// What clients send to the channel list, batch, tag-priority, check and provider-model routes.
import { z } from 'zod';
import { listQuerySchema } from '../../http/envelope.js';
import { MAX_INT_COLUMN } from '../../validation/row-id.js';
import {
  CHANNEL_BATCH_MAX,
  CHANNEL_LINE_MAX,
  CHANNEL_TEXT_MAX,
  channelId,
  channelType,
  nullableText,
  requiredText,
} from './channel-field.rules.js';

/** An integer query parameter; one-hub's console sends `''` for "no filter" (read as 0). */
const queryInt = z.preprocess(
  (value) => (value === '' || value === undefined ? 0 : value),
  z.coerce
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    // Compared with `integer` columns: PostgreSQL fails on a value past them instead of finding nothing.
    .max(MAX_INT_COLUMN, 'validation.max'),
);

/** `GET /api/channel/` query: paging plus the filters of contract §1.7. */
export const channelListQuerySchema = listQuerySchema.extend({
  type: queryInt,
  status: queryInt,
  name: z.string().default(''),
  group: z.string().default(''),
  models: z.string().default(''),
  key: z.string().default(''),
  other: z.string().default(''),
  test_model: z.string().default(''),
  tag: z.string().default(''),
  filter_tag: queryInt.pipe(
    z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'channels.validation.filter_tag' }),
  ),
});
export type ChannelListQuery = z.output<typeof channelListQuerySchema>;
/** What a client may send to the channel list. */
export type ChannelListInput = Partial<z.input<typeof channelListQuerySchema>>;

const batchIds = z
  .array(channelId, { message: 'channels.validation.ids_required' })
  .min(1, 'channels.validation.ids_required')
  .max(CHANNEL_BATCH_MAX, 'validation.max');

/** `DELETE /api/channel/batch`: `value` is required by one-hub but means nothing; gw makes it optional. */
export const channelBatchDeleteSchema = z.object({ ids: batchIds, value: z.string().optional() });
/** `PUT /api/channel/batch/azure_api` and `/batch/del_model`: ids and a non-empty value. */
export const channelBatchValueSchema = z.object({
  ids: batchIds,
  value: requiredText(CHANNEL_LINE_MAX, 'channels.validation.value_required'),
});
export type ChannelBatchValue = z.output<typeof channelBatchValueSchema>;

/** `PUT /api/channel_tag/:tag/priority`: one-hub sends `{type:"priority", value}`; gw also takes weight. */
export const channelTagPrioritySchema = z
  .object({
    type: z.enum(['priority', 'weight'], { message: 'channels.validation.tag_field' }).default('priority'),
    value: z
      .number({ message: 'validation.integer' })
      .int('validation.integer')
      .min(0, 'validation.min_zero'),
  })
  .superRefine((input, ctx) => {
    if (input.type === 'weight' && input.value < 1) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'channels.validation.weight_min' });
    }
  });
export type ChannelTagPriority = z.output<typeof channelTagPrioritySchema>;

/** `POST /api/sse/channel/check`: a channel id and a CSV of models to check. */
export const channelCheckSchema = z.object({
  id: channelId,
  models: requiredText(CHANNEL_TEXT_MAX, 'channels.validation.models_required'),
});
export type ChannelCheck = z.output<typeof channelCheckSchema>;

/**
 * `POST /api/channel/provider_models_list`: a channel form; the first line of `key` is used, or the
 * stored channel's when `key` is empty and `id` names one.
 */
export const channelProviderModelsSchema = z
  .object({
    id: z
      .number({ message: 'validation.integer' })
      .int('validation.integer')
      .min(0, 'validation.min_zero')
      .default(0),
    type: channelType.optional(),
    key: nullableText(CHANNEL_TEXT_MAX),
    base_url: nullableText(CHANNEL_TEXT_MAX),
    other: nullableText(CHANNEL_LINE_MAX),
    proxy: nullableText(CHANNEL_LINE_MAX),
  })
  .superRefine((input, ctx) => {
    if (input.id > 0) return;
    if (!input.key)
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'channels.validation.key_required' });
    if (input.type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'channels.validation.type_required' });
    }
  });
export type ChannelProviderModels = z.output<typeof channelProviderModelsSchema>;
