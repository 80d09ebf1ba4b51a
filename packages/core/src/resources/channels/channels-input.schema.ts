// What clients send to create and edit channels and tags, with the channel form's rules of console-spec §5.
import { z } from 'zod';
import {
  CHANNEL_KEYS_MAX,
  CHANNEL_LINE_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_TAG_MAX,
  CHANNEL_TEXT_MAX,
  channelId,
  channelType,
  jsonObjectText,
  nullableText,
  priority,
  priorityValue,
  requiredText,
  status,
  text,
  weight,
  weightValue,
} from './channel-field.rules.js';
import { channelTypeById } from './channel-types.js';

export {
  CHANNEL_BATCH_MAX,
  CHANNEL_KEYS_MAX,
  CHANNEL_LINE_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_TAG_MAX,
  CHANNEL_TEXT_MAX,
  isJsonObjectText,
} from './channel-field.rules.js';

/** Every writable field of a channel form, with the defaults of contract §5.6. */
const channelFields = {
  type: channelType,
  name: requiredText(CHANNEL_NAME_MAX, 'channels.validation.name_required'),
  key: requiredText(CHANNEL_KEYS_MAX, 'channels.validation.key_required'),
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
  .extend({ key: requiredText(CHANNEL_KEYS_MAX, 'channels.validation.key_required') })
  .superRefine(requireBaseUrl);
export type ChannelTagUpdateInput = z.input<typeof channelTagUpdateSchema>;
export type ChannelTagUpdate = z.output<typeof channelTagUpdateSchema>;
