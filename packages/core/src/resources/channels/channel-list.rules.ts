// The rules of the channel list's own cells (console-screens §1.3): response-time bands, balance
// currency, status captions, inline priority/weight edits, tag rows and the "Copy" clone. Kept here so
// the web table and the TUI read the same rules.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import type { FormFieldDef, InlineNumberDef } from '../../screens/screen-model.js';
import { CHANNEL_KEYS_MAX, CHANNEL_NAME_MAX } from './channel-field.rules.js';
import type { ChannelCreateInput, ChannelUpdateInput } from './channels-input.schema.js';
import { setChannelTagPriority } from './channel-tags.api.js';
import { createChannels, getChannel, quickUpdateChannel, updateChannel } from './channels.api.js';
import { CHANNEL_STATUS, type Channel } from './channels.schema.js';

/** How fast a channel answered its last test: a colour band of the response-time chip. */
export type ResponseTimeBand = 'untested' | 'fast' | 'good' | 'slow' | 'bad';

/** The band of a response time in milliseconds (≤1 s, ≤3 s, ≤5 s, more); 0 means never tested. */
export function responseTimeBand(milliseconds: number): ResponseTimeBand {
  if (milliseconds <= 0) return 'untested';
  if (milliseconds <= 1000) return 'fast';
  if (milliseconds <= 3000) return 'good';
  if (milliseconds <= 5000) return 'slow';
  return 'bad';
}

/** The chip's text: `n.nn s`, or undefined for a channel never tested (the face says "not tested"). */
export function responseTimeText(milliseconds: number): string | undefined {
  return milliseconds > 0 ? `${(milliseconds / 1000).toFixed(2)} s` : undefined;
}

/** Types whose upstream reports its balance in yuan (Deepseek, SiliconFlow); the rest in dollars. */
const YUAN_BALANCE_TYPES: ReadonlySet<number> = new Set([28, 45]);

/** The currency sign of a channel type's balance. */
export function balanceCurrency(type: number): '¥' | '$' {
  return YUAN_BALANCE_TYPES.has(type) ? '¥' : '$';
}

/**
 * A channel's upstream balance as shown: `$12.50`, `¥3.00`. It is a reading of the provider's account
 * (a float the upstream sent), not gw money, so two decimals of that reading are what is shown.
 */
export function formatChannelBalance(balance: number, type: number): string {
  const sign = balance < 0 ? '-' : '';
  return `${sign}${balanceCurrency(type)}${Math.abs(balance).toFixed(2)}`;
}

/** The caption beside the status switch: enabled, disabled by hand, or disabled by the system. */
export function channelStatusCaptionKey(status: number): string {
  if (status === CHANNEL_STATUS.enabled) return 'channels.list.status_enabled';
  if (status === CHANNEL_STATUS.autoDisabled) return 'channels.list.status_automatic';
  return 'channels.list.status_manual';
}

/** Whether a list row stands for a whole tag (the list's one row per tag, contract §1.7 filter_tag). */
export function isTagRow(channel: Pick<Channel, 'tag'>): boolean {
  return channel.tag !== '';
}

/**
 * A list row's key: a tag row is keyed by its tag, since the channel standing for it (the tag's newest)
 * changes when a channel joins; an untagged row by its id.
 */
export function channelRowKey(channel: Pick<Channel, 'id' | 'tag'>): string | number {
  return isTagRow(channel) ? `tag:${channel.tag}` : channel.id;
}

/** The name a list row goes by in labels and questions: the tag for a tag row. */
export function channelRowName(channel: Pick<Channel, 'name' | 'tag'>): string {
  return isTagRow(channel) ? channel.tag : channel.name;
}

/** A channel's models as a list (the `models` CSV), in order, without blanks or repeats. */
export function channelModels(channel: Pick<Channel, 'models'>): string[] {
  return [
    ...new Set(
      channel.models
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The rule of an inline priority or weight (§1.3): a whole number, priority from 0 and weight from 1;
 * an empty field is refused.
 */
export function channelNumberSchema(field: 'priority' | 'weight'): z.ZodType<number> {
  return z
    .number({ message: 'channels.list.value_required' })
    .int('validation.integer')
    .min(
      field === 'priority' ? 0 : 1,
      field === 'priority' ? 'channels.validation.priority_min' : 'channels.validation.weight_min',
    );
}

/** A channel row's priority or weight edited in its column and saved by its ✓ (§1.3). */
function channelNumber(field: 'priority' | 'weight'): InlineNumberDef<Channel> {
  return {
    column: field,
    labelKey: `channels.list.${field}_of`,
    confirmLabelKey: `channels.list.save_${field}`,
    value: (channel) => channel[field],
    schema: channelNumberSchema(field),
    min: field === 'priority' ? 0 : 1,
    save: (client, channel, value) => quickUpdateChannel(client, { id: channel.id, [field]: value }),
    doneKey: `channels.list.${field}_saved`,
  };
}

export const CHANNEL_PRIORITY_INLINE = channelNumber('priority');
export const CHANNEL_WEIGHT_INLINE = channelNumber('weight');

/** A tag row's priority: one field over the priority and weight columns, written to every channel. */
export const CHANNEL_TAG_PRIORITY_INLINE: InlineNumberDef<Channel> = {
  ...CHANNEL_PRIORITY_INLINE,
  labelKey: 'channels.list.tag_priority_of',
  confirmLabelKey: 'channels.list.save_tag_priority',
  save: (client, row, value) => setChannelTagPriority(client, row.tag, value),
};

/** The writable fields of a stored channel, as a create or full edit sends them. */
function writableFields(channel: Channel): Omit<ChannelCreateInput, 'status'> {
  return {
    type: channel.type,
    name: channel.name,
    key: channel.key,
    base_url: channel.base_url,
    other: channel.other,
    models: channel.models,
    group: channel.group,
    tag: channel.tag,
    model_mapping: channel.model_mapping,
    model_headers: channel.model_headers,
    custom_parameter: channel.custom_parameter,
    weight: channel.weight,
    priority: channel.priority,
    proxy: channel.proxy,
    test_model: channel.test_model,
    only_chat: channel.only_chat,
    pre_cost: channel.pre_cost as 1 | 2 | 3,
    compatible_response: channel.compatible_response,
    allow_extra_body: channel.allow_extra_body,
    disabled_stream: [...channel.disabled_stream],
    plugin: channel.plugin ?? null,
  };
}

/** The name of a channel's clone. */
export function cloneName(name: string): string {
  return `${name}_copy`;
}

/**
 * The create body of a channel's clone (§1.3 "Copy"): every stored field but the id and the test,
 * balance and usage history; the name gets `_copy`. A channel disabled by the system comes back
 * disabled by hand (status 3 is the system's to set).
 */
export function cloneChannelInput(channel: Channel): ChannelCreateInput {
  return {
    ...writableFields(channel),
    name: cloneName(channel.name),
    status: channel.status === CHANNEL_STATUS.enabled ? CHANNEL_STATUS.enabled : CHANNEL_STATUS.disabled,
  };
}

/** Reads a channel whole (its key included) and creates its clone. */
export async function cloneChannel(client: ApiClient, id: number): Promise<Channel[]> {
  return createChannels(client, cloneChannelInput(await getChannel(client, id)));
}

/** The two fields of a tag member's quick edit (§1.3 sub-table). */
export interface ChannelQuickEditValues {
  name: string;
  key: string;
}

export const channelQuickEditSchema: z.ZodType<ChannelQuickEditValues> = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'channels.validation.name_required')
    .max(CHANNEL_NAME_MAX, 'validation.too_long'),
  key: z
    .string()
    .trim()
    .min(1, 'channels.validation.key_required')
    .max(CHANNEL_KEYS_MAX, 'validation.too_long'),
});

export const CHANNEL_QUICK_EDIT_FIELDS: readonly FormFieldDef<ChannelQuickEditValues>[] = [
  { name: 'name', kind: 'text', labelKey: 'channels.fields.name', required: true },
  { name: 'key', kind: 'text', labelKey: 'channels.fields.key', required: true },
];

/** The full edit that changes only a channel's name and key, every other stored field kept. */
export function quickEditInput(channel: Channel, values: ChannelQuickEditValues): ChannelUpdateInput {
  return { ...writableFields(channel), id: channel.id, name: values.name.trim(), key: values.key.trim() };
}

/**
 * Saves a quick edit. gw's quick update takes no key, so this is a full edit of the stored channel
 * read just before, with only the name and key changed.
 */
export async function saveChannelQuickEdit(
  client: ApiClient,
  id: number,
  values: ChannelQuickEditValues,
): Promise<Channel> {
  return updateChannel(client, quickEditInput(await getChannel(client, id), values));
}

/** The selection of a sub-table's header checkbox: none, some (indeterminate) or all of the rows shown. */
export function selectionState(
  selected: ReadonlySet<number>,
  ids: readonly number[],
): 'none' | 'some' | 'all' {
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** The header checkbox's click: selects every row shown, or clears them when all were selected. */
export function toggleAllSelected(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const next = new Set(selected);
  if (selectionState(selected, ids) === 'all') for (const id of ids) next.delete(id);
  else for (const id of ids) next.add(id);
  return next;
}

/** One page of a list held whole in the client (a tag's members), pages counted from 1. */
export function pageOf<Item>(items: readonly Item[], page: number, size: number): Item[] {
  return items.slice((page - 1) * size, page * size);
}

/** The provider consoles the "Official website" menu item opens, for the types that have one. */
const CHANNEL_TYPE_WEBSITES: Readonly<Record<number, string>> = {
  1: 'https://platform.openai.com/usage',
  3: 'https://oai.azure.com/',
  14: 'https://console.anthropic.com/',
  15: 'https://console.bce.baidu.com/qianfan/ais/console/applicationConsole/application',
  16: 'https://open.bigmodel.cn/usercenter/apikeys',
  17: 'https://dashscope.console.aliyun.com/overview',
  18: 'https://console.xfyun.cn/',
  20: 'https://openrouter.ai/credits',
  25: 'https://aistudio.google.com/app/apikey',
  26: 'https://platform.baichuan-ai.com/console/apikey',
  27: 'https://platform.minimaxi.com/user-center/basic-information/interface-key',
  28: 'https://platform.deepseek.com/usage',
  29: 'https://platform.moonshot.cn/console/info',
  30: 'https://console.mistral.ai/',
  31: 'https://console.groq.com/keys',
  33: 'https://platform.lingyiwanwu.com/apikeys',
  36: 'https://dashboard.cohere.com/api-keys',
  40: 'https://console.cloud.tencent.com/hunyuan/api-key',
  45: 'https://cloud.siliconflow.cn/account/ak',
  49: 'https://github.com/marketplace/models',
  56: 'https://console.x.ai/',
};

/** The provider console of a channel type, when the type table names one. */
export function channelTypeWebsite(type: number): string | undefined {
  return CHANNEL_TYPE_WEBSITES[type];
}
