// The Channel wire shape of contract §2.3 and the replies built on it: tolerant of one-hub's nulls.
import { z } from 'zod';

/** Channel statuses (contract §4.2). */
export const CHANNEL_STATUS = { unknown: 0, enabled: 1, disabled: 2, autoDisabled: 3 } as const;
/** Fields a channel list may be sorted by (contract §1.7). */
export const CHANNEL_SORT_FIELDS = [
  'id',
  'name',
  'group',
  'type',
  'status',
  'response_time',
  'balance',
  'priority',
  'weight',
] as const;
export type ChannelSortField = (typeof CHANNEL_SORT_FIELDS)[number];
/** `filter_tag` of the channel list: untagged + one row per tag, untagged only, tag rows only. */
export const CHANNEL_FILTER_TAG = { mixed: 0, untaggedOnly: 1, tagsOnly: 2 } as const;
/** `created` of every entry of `GET /api/channel/models` (one-hub's fixed value). */
export const CHANNEL_MODEL_CREATED = 1677649963;

/** A value that may arrive as null or be missing, read as `fallback`. */
function orDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess((value) => value ?? fallback, schema);
}

const int = z.number().int();

/** A channel as the API returns it; `key` is `""` in list replies. */
export const channelSchema = z.looseObject({
  id: int,
  type: orDefault(int, 0),
  key: orDefault(z.string(), ''),
  status: orDefault(int, 0),
  name: orDefault(z.string(), ''),
  weight: orDefault(int, 1),
  created_time: orDefault(int, 0),
  test_time: orDefault(int, 0),
  response_time: orDefault(int, 0),
  base_url: orDefault(z.string(), ''),
  other: orDefault(z.string(), ''),
  balance: orDefault(z.number(), 0),
  balance_updated_time: orDefault(int, 0),
  models: orDefault(z.string(), ''),
  group: orDefault(z.string(), ''),
  tag: orDefault(z.string(), ''),
  used_quota: orDefault(int, 0),
  model_mapping: orDefault(z.string(), ''),
  model_headers: orDefault(z.string(), ''),
  custom_parameter: orDefault(z.string(), ''),
  priority: orDefault(int, 0),
  proxy: orDefault(z.string(), ''),
  test_model: orDefault(z.string(), ''),
  only_chat: orDefault(z.boolean(), false),
  pre_cost: orDefault(int, 1),
  compatible_response: orDefault(z.boolean(), false),
  allow_extra_body: orDefault(z.boolean(), false),
  disabled_stream: orDefault(z.array(z.string()), []),
  plugin: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type Channel = z.output<typeof channelSchema>;

/** `GET /api/channel_tag/:tag`: the first member's fields, every member key, and md5(key) → id. */
export const channelTagDetailSchema = channelSchema.extend({
  KeyMap: orDefault(z.record(z.string(), int), {}),
});
export type ChannelTagDetail = z.output<typeof channelTagDetailSchema>;

/** One entry of `GET /api/channel_tag/_all` (one-hub sends `id: 0`). */
export const channelTagSchema = z.looseObject({ id: orDefault(int, 0), tag: z.string() });
export type ChannelTag = z.output<typeof channelTagSchema>;

/** `GET /api/channel/test/:id`: not in `data` but beside `success` (contract §1.7). */
export const channelTestReplySchema = z.looseObject({
  success: z.boolean(),
  message: orDefault(z.string(), ''),
  time: orDefault(z.number(), 0),
});
export type ChannelTestReply = z.output<typeof channelTestReplySchema>;

/** `GET /api/channel/update_balance/:id`: the balance sits beside `success`. */
export const channelBalanceReplySchema = z.looseObject({
  success: z.boolean(),
  message: orDefault(z.string(), ''),
  balance: orDefault(z.number(), 0),
});
export type ChannelBalanceReply = z.output<typeof channelBalanceReplySchema>;

/** `GET /api/channel/models`: an OpenAI-style model list, not enveloped. */
export const channelModelListSchema = z.looseObject({
  object: z.literal('list'),
  data: orDefault(
    z.array(
      z.looseObject({
        id: z.string(),
        object: orDefault(z.string(), 'model'),
        created: orDefault(int, CHANNEL_MODEL_CREATED),
        owned_by: orDefault(z.string(), ''),
      }),
    ),
    [],
  ),
});
export type ChannelModelList = z.output<typeof channelModelListSchema>;

/** One item of the `POST /api/sse/channel/check` stream (`ModelCheckResult`, contract §3.4b). */
export const modelCheckResultSchema = z.looseObject({
  model: z.string(),
  process: orDefault(
    z.array(
      z.looseObject({
        name: z.string(),
        results: orDefault(
          z.array(z.looseObject({ name: z.string(), status: int, remark: orDefault(z.string(), '') })),
          [],
        ),
        response: z.unknown().optional(),
      }),
    ),
    [],
  ),
});
export type ModelCheckResult = z.output<typeof modelCheckResultSchema>;

/** The i18n key of a channel status. */
export function channelStatusKey(status: number): string {
  switch (status) {
    case CHANNEL_STATUS.enabled:
      return 'channels.status.enabled';
    case CHANNEL_STATUS.disabled:
      return 'channels.status.disabled';
    case CHANNEL_STATUS.autoDisabled:
      return 'channels.status.auto_disabled';
    default:
      return 'channels.status.unknown';
  }
}

/**
 * The keys of a `\n`-separated key field: one per non-empty line, trimmed (one-hub's split), except that a
 * JSON object starting a line is one key however many lines it spans (a pretty-printed Vertex AI
 * service-account JSON), and several objects one after another are one key each. A `{` that opens no
 * complete JSON object is an ordinary line.
 */
export function splitChannelKeys(key: string): string[] {
  const keys: string[] = [];
  let at = 0;
  while (at < key.length) {
    while (at < key.length && /\s/.test(key.charAt(at))) at++;
    if (at >= key.length) break;
    const end = key.charAt(at) === '{' ? jsonObjectEnd(key, at) : undefined;
    if (end !== undefined) {
      keys.push(key.slice(at, end));
      at = end;
      continue;
    }
    const newline = key.indexOf('\n', at);
    const lineEnd = newline === -1 ? key.length : newline;
    const line = key.slice(at, lineEnd).trim();
    if (line !== '') keys.push(line);
    at = lineEnd;
  }
  return keys;
}

/** Where the JSON object opening at `start` ends (exclusive), or undefined when it is not one. */
function jsonObjectEnd(text: string, start: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text.charAt(i);
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) {
        if (char !== '}') return undefined;
        try {
          JSON.parse(text.slice(start, i + 1));
          return i + 1;
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}
