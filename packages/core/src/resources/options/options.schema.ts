import { z } from 'zod';

/** One option as `GET /api/option/` lists it (contract §2.15): every value is a string. */
export const optionSchema = z.looseObject({
  key: z.string(),
  value: z
    .string()
    .nullable()
    .default('')
    .transform((value) => value ?? ''),
});
export type OptionEntry = z.output<typeof optionSchema>;

/** `GET /api/option/` data; one-hub may send `null` for an empty list. */
export const optionListSchema = z
  .array(optionSchema)
  .nullable()
  .transform((list) => list ?? []);

/**
 * `PUT /api/option/` body: the value MUST be a JSON string (one-hub refuses a number with HTTP 400);
 * the per-key rules run after this shape check (`checkOptionValue`).
 */
export const optionUpdateSchema = z.object({
  key: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(128, 'validation.max_length'),
  value: z.string({ message: 'options.errors.value_string' }),
});
export type OptionUpdate = z.output<typeof optionUpdateSchema>;

/** `GET /api/option/safe_tools` data: the content-safety tool names. */
export const safeToolsSchema = z
  .array(z.string())
  .nullable()
  .transform((list) => list ?? []);

/** The largest number of log lines `system_info/log` returns at once. */
export const SYSTEM_LOG_MAX_COUNT = 1000;

/** `POST /api/system_info/log` body: how many of the newest lines to return. */
export const systemLogQuerySchema = z.object({
  count: z
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(1, 'validation.min')
    .max(SYSTEM_LOG_MAX_COUNT, 'validation.max'),
});
export type SystemLogQuery = z.output<typeof systemLogQuerySchema>;

/** One server log line (PascalCase, as one-hub sends it): RFC 3339 time, level, message. */
export const systemLogEntrySchema = z.looseObject({
  Timestamp: z.string(),
  Level: z.string(),
  Message: z.string(),
});
export type SystemLogEntry = z.output<typeof systemLogEntrySchema>;

export const systemLogSchema = z
  .array(systemLogEntrySchema)
  .nullable()
  .transform((list) => list ?? []);

/** The options as a key → value map (what the settings screens edit). */
export function optionsToMap(entries: readonly OptionEntry[]): Map<string, string> {
  return new Map(entries.map((entry) => [entry.key, entry.value]));
}
