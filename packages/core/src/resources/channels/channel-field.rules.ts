// The field rules every channel request schema shares (console-spec §5). Internal to core's channel
// resource: the index exports the constants through channels-input.schema.ts, not these helpers.
import { z } from 'zod';
import { isOfferedChannelType } from './channel-types.js';
import { findMalformedInput, MAX_INPUT_DEPTH } from '../../validation/malformed-input.js';
import { MAX_INT_COLUMN } from '../../validation/row-id.js';

export const CHANNEL_NAME_MAX = 255;
export const CHANNEL_TAG_MAX = 32;
/** Limits that keep one request from storing megabytes in a text column. */
export const CHANNEL_TEXT_MAX = 16_000;
/** The `key` of a create or tag edit: many keys, one per line (each at most CHANNEL_TEXT_MAX). */
export const CHANNEL_KEYS_MAX = 1_000_000;
export const CHANNEL_LINE_MAX = 512;
/** At most this many ids in one batch call. */
export const CHANNEL_BATCH_MAX = 1000;

export const text = (max: number) => z.string().max(max, 'validation.too_long');
/** Strings one-hub may send as null: read as `""`. */
export const nullableText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value ?? '');

/**
 * A JSON-object text field: empty, or a JSON object (`{...}`), checked by `isJsonObjectText`. What the
 * object holds passes the boundary check too: a `\u0000` escape in `model_mapping` would otherwise name
 * the billed model of every consume log with a NUL, which PostgreSQL refuses.
 */
export const jsonObjectText = nullableText(CHANNEL_TEXT_MAX).superRefine((value, context) => {
  if (!isJsonObjectText(value)) {
    context.addIssue({ code: 'custom', message: 'channels.validation.json_object' });
    return;
  }
  const defect = value === '' ? undefined : findMalformedInput(JSON.parse(value));
  if (defect) {
    const key = defect.problem === 'depth' ? 'too_deep' : defect.problem;
    context.addIssue({
      code: 'custom',
      message: `validation.input.${key}`,
      params: { max: MAX_INPUT_DEPTH },
    });
  }
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

export const channelType = z
  .number({ message: 'channels.validation.type_required' })
  .int('validation.integer')
  .refine(isOfferedChannelType, { message: 'channels.validation.type_unknown' });
export const priorityValue = z
  .number({ message: 'validation.integer' })
  .int('validation.integer')
  .min(0, 'channels.validation.priority_min');
export const weightValue = z
  .number({ message: 'validation.integer' })
  .int('validation.integer')
  .min(1, 'channels.validation.weight_min');
export const priority = priorityValue.nullish().transform((value) => value ?? 0);
export const weight = weightValue.nullish().transform((value) => value ?? 1);
export const status = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  message: 'channels.validation.status_invalid',
});
export const requiredText = (max: number, message: string) =>
  z.string({ message }).min(1, message).max(max, 'validation.too_long');
export const channelId = z
  .number({ message: 'validation.required' })
  .int('validation.integer')
  .min(1, 'validation.min')
  .max(MAX_INT_COLUMN, 'validation.max');
