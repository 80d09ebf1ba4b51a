// What clients send to the channel routes, with the channel form's rules of console-spec §5.
import { z } from 'zod';
import { listQuerySchema } from '../../http/envelope.js';
import { channelTypeById, isOfferedChannelType } from './channel-types.js';

export const CHANNEL_NAME_MAX = 255;
export const CHANNEL_TAG_MAX = 32;
/** Limits that keep one request from storing megabytes in a text column. */
export const CHANNEL_TEXT_MAX = 65_535;
export const CHANNEL_LINE_MAX = 512;
/** At most this many ids in one batch call. */
export const CHANNEL_BATCH_MAX = 1000;

const text = (max: number) => z.string().max(max, 'validation.too_long');
/** Strings one-hub may send as null: read as `""`. */
const nullableText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value ?? '');

/** A JSON-object text field: empty, or a JSON object (`{...}`), checked by `isJsonObjectText`. */
const jsonObjectText = nullableText(CHANNEL_TEXT_MAX).refine(isJsonObjectText, {
  message: 'channels.validation.json_object',
});

/** Whether a text is empty or holds a JSON object. */
export function isJsonObjectText(value: string): boolean {
  if (value === '') return true;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

const channelType = z
  .number({ message: 'channels.validation.type_required' })
  .int('validation.integer')
  .refine(isOfferedChannelType, { message: 'channels.validation.type_unknown' });
const priorityValue = z
  .number({ message: 'validation.integer' })
  .int('validation.integer')
  .min(0, 'channels.validation.priority_min');
const weightValue = z
  .number({ message: 'validation.integer' })
  .int('validation.integer')
  .min(1, 'channels.validation.weight_min');
const priority = priorityValue.nullish().transform((value) => value ?? 0);
const weight = weightValue.nullish().transform((value) => value ?? 1);
const status = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  message: 'channels.validation.status_invalid',
});
const requiredText = (max: number, message: string) =>
  z.string({ message }).min(1, message).max(max, 'validation.too_long');
const channelId = z
  .number({ message: 'validation.required' })
  .int('validation.integer')
  .min(1, 'validation.min');

/** Every writable field of a channel form, with the defaults of contract §5.6. */
const channelFields = {
  type: channelType,
  name: requiredText(CHANNEL_NAME_MAX, 'channels.validation.name_required'),
  key: requiredText(CHANNEL_TEXT_MAX, 'channels.validation.key_required'),
  base_url: nullableText(CHANNEL_TEXT_MAX),
  other: nullableText(CHANNEL_LINE_MAX),
  models: requiredText(CHANNEL_TEXT_MAX, 'channels.validation.models_required'),
  group: requiredText(CHANNEL_LINE_MAX, 'channels.validation.group_required'),
  tag: nullableText(CHANNEL_TAG_MAX),
  model_mapping: jsonObjectText,
  model_headers: jsonObjectText,
  custom_parameter: jsonObjectText,
  weight,
  priority,
  proxy: nullableText(CHANNEL_LINE_MAX),
  test_model: nullableText(CHANNEL_NAME_MAX),
  only_chat: z.boolean().default(false),
  pre_cost: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { message: 'channels.validation.pre_cost' })
    .nullish()
    .transform((value) => value ?? 1),
  compatible_response: z.boolean().default(false),
  allow_extra_body: z.boolean().default(false),
  disabled_stream: z
    .array(text(CHANNEL_NAME_MAX))
    .max(1000, 'validation.max')
    .nullish()
    .transform((value) => value ?? []),
  plugin: z.record(z.string(), z.unknown()).nullable().default(null),
};

/** base_url is required for the types whose address only the operator knows (Azure, Custom). */
function requireBaseUrl(channel: { type?: number; base_url?: string }, ctx: z.RefinementCtx): void {
  if (channel.type === undefined || !channelTypeById(channel.type)?.needsBaseUrl) return;
  if (!channel.base_url) {
    ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'channels.validation.base_url_required' });
  }
}

/** `POST /api/channel/` body: `key` may hold several keys, one per line (one channel each). */
export const channelCreateSchema = z
  .object({ ...channelFields, status: status.default(1) })
  .superRefine(requireBaseUrl);
export type ChannelCreateInput = z.input<typeof channelCreateSchema>;
export type ChannelCreate = z.output<typeof channelCreateSchema>;

/** `PUT /api/channel/` full edit (non-empty `models`); an empty `key` keeps the stored key. */
export const channelUpdateSchema = z
  .object({
    ...channelFields,
    id: channelId,
    key: nullableText(CHANNEL_TEXT_MAX),
    status: status.optional(),
  })
  .superRefine(requireBaseUrl);
export type ChannelUpdateInput = z.input<typeof channelUpdateSchema>;
export type ChannelUpdate = z.output<typeof channelUpdateSchema>;

/** `PUT /api/channel/` quick edit (no `models`): only the fields sent are applied, zero included. */
export const channelQuickUpdateSchema = z.object({
  id: channelId,
  status: status.optional(),
  priority: priorityValue.optional(),
  weight: weightValue.optional(),
  name: requiredText(CHANNEL_NAME_MAX, 'channels.validation.name_required').optional(),
  tag: text(CHANNEL_TAG_MAX).optional(),
  test_model: text(CHANNEL_NAME_MAX).optional(),
});
export type ChannelQuickUpdate = z.output<typeof channelQuickUpdateSchema>;

/** Whether a `PUT /api/channel/` body is a full edit (one-hub's rule: `models` is non-empty). */
export function isFullChannelEdit(body: unknown): boolean {
  const models = (body as { models?: unknown } | null)?.models;
  return typeof models === 'string' && models.trim() !== '';
}

/** `PUT /api/channel_tag/:tag`: `key` is required; other fields are applied to every member when sent. */
export const channelTagUpdateSchema = z
  .object(channelFields)
  .partial()
  .extend({ key: requiredText(CHANNEL_TEXT_MAX, 'channels.validation.key_required') })
  .superRefine(requireBaseUrl);
export type ChannelTagUpdateInput = z.input<typeof channelTagUpdateSchema>;
export type ChannelTagUpdate = z.output<typeof channelTagUpdateSchema>;

/** An integer query parameter; one-hub's console sends `''` for "no filter" (read as 0). */
const queryInt = z.preprocess(
  (value) => (value === '' || value === undefined ? 0 : value),
  z.coerce.number({ message: 'validation.integer' }).int('validation.integer'),
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
