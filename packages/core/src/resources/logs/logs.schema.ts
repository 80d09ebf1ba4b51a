import { z } from 'zod';
import { listQuerySchema } from '../../http/envelope.js';
import { LOG_TYPE } from './log-types.js';

/** Fields a log list may be sorted by (contract §1.9); `id` closes every order. */
export const LOG_SORT_FIELDS = [
  'id',
  'created_at',
  'channel_id',
  'user_id',
  'token_name',
  'model_name',
  'type',
  'source_ip',
] as const;
export type LogSortField = (typeof LOG_SORT_FIELDS)[number];

/** The channel a log names, admin lists only: one-hub sends a Channel with `id` and `name` filled. */
export const logChannelSchema = z.looseObject({ id: z.number().int(), name: z.string().default('') });

/** A log row as the API returns it (contract §2.5); tolerant of one-hub's nulls. */
export const logSchema = z.looseObject({
  id: z.number().int().default(0),
  user_id: z.number().int().default(0),
  created_at: z.number().int(),
  type: z.number().int(),
  content: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  username: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  token_name: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  model_name: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  quota: z.number().int().default(0),
  prompt_tokens: z.number().int().default(0),
  completion_tokens: z.number().int().default(0),
  channel_id: z.number().int().default(0),
  request_time: z.number().int().default(0),
  is_stream: z.boolean().default(false),
  source_ip: z
    .string()
    .nullish()
    .transform((text) => text ?? ''),
  metadata: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? null),
  channel: logChannelSchema.nullish().transform((value) => value ?? null),
});
export type Log = z.output<typeof logSchema>;

/** An integer query parameter: absent or `''` (the console sends `channel_id=''`) is 0. */
const intParam = z.preprocess(
  (value) => (value === undefined || value === '' ? 0 : value),
  z.coerce.number({ message: 'validation.integer' }).int('validation.integer'),
);
const timestampParam = intParam.pipe(z.number().min(0, 'validation.min_zero'));
const textParam = z.string().max(255, 'validation.too_long').default('');

const logTypeParam = intParam.pipe(
  z
    .number()
    .refine((value) => (Object.values(LOG_TYPE) as number[]).includes(value), 'logs.validation.type_invalid'),
);

/** Filters both log lists take; timestamps are inclusive unix seconds, 0 = no bound. */
const ownFilters = {
  log_type: logTypeParam,
  start_timestamp: timestampParam,
  end_timestamp: timestampParam,
  model_name: textParam,
  token_name: textParam,
};

/** `GET /api/log/self` query. */
export const logSelfListQuerySchema = listQuerySchema.extend(ownFilters);
export type LogSelfListQuery = z.output<typeof logSelfListQuerySchema>;

/** The filters only the admin list takes. */
const adminFilters = {
  username: textParam,
  channel_id: intParam.pipe(z.number().min(0, 'validation.min_zero')),
  source_ip: textParam,
};

/** `GET /api/log/` query (admin): the self filters plus username, channel and source IP (exact). */
export const logListQuerySchema = logSelfListQuerySchema.extend(adminFilters);
export type LogListQuery = z.output<typeof logListQuerySchema>;

/**
 * The language the export's header row is written in (`lang=en_US`): a download is a plain navigation,
 * so the console's chosen language is not in its Accept-Language. Blank or unknown: the header decides.
 */
const exportLanguageParam = z.string().max(16, 'validation.too_long').default('');

/** `GET /api/log/self/export` query: the self list's filters; every page, newest id first. */
export const logSelfExportQuerySchema = z.object({ ...ownFilters, lang: exportLanguageParam });
export type LogSelfExportQuery = z.output<typeof logSelfExportQuerySchema>;

/** `GET /api/log/export` query (admin): the admin list's filters. */
export const logExportQuerySchema = logSelfExportQuerySchema.extend(adminFilters);
export type LogExportQuery = z.output<typeof logExportQuerySchema>;

/** `GET /api/log/self/stat` query; `channel` is a channel id. */
export const logSelfStatQuerySchema = z.object({
  start_timestamp: timestampParam,
  end_timestamp: timestampParam,
  model_name: textParam,
  token_name: textParam,
  channel: intParam.pipe(z.number().min(0, 'validation.min_zero')),
});
export type LogSelfStatQuery = z.output<typeof logSelfStatQuerySchema>;

/** `GET /api/log/stat` query (admin). */
export const logStatQuerySchema = logSelfStatQuerySchema.extend({ username: textParam });
export type LogStatQuery = z.output<typeof logStatQuerySchema>;

/**
 * The stat reply: the quota summed over the matching consume logs; gw adds `rpm` and `tpm`, the
 * matching consume logs and their tokens (input + output) in the last 60 seconds, whatever the range.
 */
export const logStatSchema = z.looseObject({
  quota: z.number().int().default(0),
  rpm: z.number().int().default(0),
  tpm: z.number().int().default(0),
});
export type LogStat = z.output<typeof logStatSchema>;

/** `DELETE /api/log/` query: consume logs older than `target_timestamp` (required, > 0) go. */
export const logDeleteQuerySchema = z.object({
  target_timestamp: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ message: 'logs.validation.target_timestamp_required' })
      .int('validation.integer')
      .min(1, 'logs.validation.target_timestamp_required'),
  ),
});

/** What a client sends to a log list (all optional). */
export interface LogListFilters {
  page?: number;
  size?: number;
  order?: string;
  log_type?: number;
  start_timestamp?: number;
  end_timestamp?: number;
  model_name?: string;
  token_name?: string;
  username?: string;
  channel_id?: number;
  source_ip?: string;
}

/** What a client sends to a stat call. */
export interface LogStatFilters {
  start_timestamp?: number;
  end_timestamp?: number;
  model_name?: string;
  token_name?: string;
  username?: string;
  channel?: number;
}

/** The i18n key of a log type's name. */
export function logTypeKey(type: number): string {
  switch (type) {
    case LOG_TYPE.topup:
      return 'logs.type.topup';
    case LOG_TYPE.consume:
      return 'logs.type.consume';
    case LOG_TYPE.manage:
      return 'logs.type.manage';
    case LOG_TYPE.system:
      return 'logs.type.system';
    default:
      return 'logs.type.unknown';
  }
}
