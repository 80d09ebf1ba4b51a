// A channel row as the relay uses it: the routing fields, the parsed JSON columns, and the provider view.
import type { Selectable } from 'kysely';
import type { ChannelRow } from '../../db/tables.js';
import type { UpstreamChannel } from '../providers/provider.js';

export interface RelayChannel {
  id: number;
  type: number;
  name: string;
  status: number;
  upstream: UpstreamChannel;
  /** requested model → upstream model; a `+` prefix bills under the requested name (spec §5.4). */
  modelMapping: Readonly<Record<string, string>>;
  /** Channel `custom_parameter` JSON, parsed; undefined when empty. */
  customParameter: Readonly<Record<string, unknown>> | undefined;
  /** Proxy URL with `%s` already replaced (spec §5.1); '' when none. */
  proxy: string;
  /** 1 count all, 2 skip images, 3 no prompt estimate (spec §5.1). */
  preCost: number;
  testModel: string;
}

/** Parses a channel row once, when the relay loads channels. */
export function toRelayChannel(row: Selectable<ChannelRow>, md5: (text: string) => string): RelayChannel {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    upstream: {
      id: row.id,
      type: row.type,
      name: row.name,
      key: row.key,
      baseUrl: (row.base_url ?? '').trim().replace(/\/+$/, ''),
      other: row.other ?? '',
      headers: stringRecord(row.model_headers),
      plugin: objectRecord(row.plugin) as UpstreamChannel['plugin'],
    },
    modelMapping: stringRecord(row.model_mapping),
    customParameter: objectOrUndefined(row.custom_parameter),
    proxy: row.proxy ? row.proxy.replaceAll('%s', md5(row.key)) : '',
    preCost: row.pre_cost || 1,
    testModel: row.test_model ?? '',
  };
}

function parseObject(text: string | null | undefined): Record<string, unknown> | undefined {
  if (!text?.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    // a malformed JSON column acts as empty; the channel form validates on save
    return undefined;
  }
}

function objectRecord(text: string | null | undefined): Record<string, unknown> {
  return parseObject(text) ?? {};
}

function objectOrUndefined(text: string | null | undefined): Record<string, unknown> | undefined {
  const value = parseObject(text);
  return value && Object.keys(value).length > 0 ? value : undefined;
}

function stringRecord(text: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(objectRecord(text))) {
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}
