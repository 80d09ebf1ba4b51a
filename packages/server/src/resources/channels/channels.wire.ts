// Stored channel rows ↔ the Channel wire shape of contract §2.3 (booleans and JSON texts converted).
import { type Channel, type ChannelCreate, channelTypeById } from '@gw/core';
import type { NewChannel, StoredChannel } from './channels.repository.js';

function parseJson<T>(text: string | null, accept: (value: unknown) => value is T): T | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return accept(value) ? value : null;
  } catch {
    return null;
  }
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The wire Channel; `key` only when the reply may carry secrets (detail, tag detail, edits). */
export function channelRowToChannel(row: StoredChannel, options: { withKey: boolean }): Channel {
  const disabledStream = parseJson(row.disabled_stream, isStringArray);
  return {
    id: row.id,
    type: row.type,
    key: options.withKey ? row.key : '',
    status: row.status,
    name: row.name,
    weight: row.weight,
    created_time: row.created_time,
    test_time: row.test_time,
    response_time: row.response_time,
    base_url: row.base_url,
    other: row.other,
    balance: Number(row.balance),
    balance_updated_time: row.balance_updated_time,
    models: row.models,
    group: row.group,
    tag: row.tag,
    used_quota: row.used_quota,
    model_mapping: row.model_mapping,
    model_headers: row.model_headers,
    custom_parameter: row.custom_parameter,
    priority: row.priority,
    proxy: row.proxy,
    test_model: row.test_model,
    only_chat: Boolean(row.only_chat),
    pre_cost: row.pre_cost,
    compatible_response: Boolean(row.compatible_response),
    allow_extra_body: Boolean(row.allow_extra_body),
    // one-hub omits disabled_stream when it is null.
    ...(disabledStream ? { disabled_stream: disabledStream } : {}),
    plugin: parseJson(row.plugin, isPlainObject),
  } as Channel;
}

/** The form fields a client writes, as stored columns (everything but key, name, status and times). */
export type ChannelFormFields = Omit<ChannelCreate, 'key' | 'name' | 'status'>;

/** The stored columns of a channel's form fields; an empty `other` takes the type's default. */
export function formFieldsToColumns(input: Partial<ChannelFormFields>): Partial<NewChannel> {
  const columns: Partial<NewChannel> = {};
  const put = <K extends keyof NewChannel>(column: K, value: NewChannel[K] | undefined) => {
    if (value !== undefined) columns[column] = value;
  };
  put('type', input.type);
  put('base_url', input.base_url);
  put('other', input.other);
  put('models', input.models === undefined ? undefined : normalizeCsv(input.models));
  put('group', input.group === undefined ? undefined : normalizeCsv(input.group));
  put('tag', input.tag);
  put('model_mapping', input.model_mapping);
  put('model_headers', input.model_headers);
  put('custom_parameter', input.custom_parameter);
  put('weight', input.weight);
  put('priority', input.priority);
  put('proxy', input.proxy);
  put('test_model', input.test_model);
  put('only_chat', input.only_chat === undefined ? undefined : input.only_chat ? 1 : 0);
  put('pre_cost', input.pre_cost);
  put(
    'compatible_response',
    input.compatible_response === undefined ? undefined : input.compatible_response ? 1 : 0,
  );
  put('allow_extra_body', input.allow_extra_body === undefined ? undefined : input.allow_extra_body ? 1 : 0);
  if (input.disabled_stream !== undefined) {
    columns.disabled_stream = input.disabled_stream.length > 0 ? JSON.stringify(input.disabled_stream) : null;
  }
  if (input.plugin !== undefined) columns.plugin = input.plugin ? JSON.stringify(input.plugin) : null;
  if (input.type !== undefined && input.other === '') {
    columns.other = channelTypeById(input.type)?.defaultOther ?? '';
  }
  return columns;
}

/** A CSV with its items trimmed and empty items dropped (`a, b,,c` → `a,b,c`). */
export function normalizeCsv(csv: string): string {
  return csv
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .join(',');
}
