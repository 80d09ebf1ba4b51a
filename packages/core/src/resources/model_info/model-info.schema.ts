import { z } from 'zod';
import { MAX_INT_COLUMN } from '../../validation/row-id.js';

export const MODEL_INFO_MODEL_MAX = 191;
export const MODEL_INFO_NAME_MAX = 128;
export const MODEL_INFO_DESCRIPTION_MAX = 10_000;
export const MODEL_INFO_LIST_MAX = 4_000;
/** The four fields stored as JSON array strings (contract §2.10). */
export const MODEL_INFO_LIST_FIELDS = [
  'input_modalities',
  'output_modalities',
  'tags',
  'support_url',
] as const;
/** The modalities the console offers (free text is allowed too). */
export const MODALITIES = ['text', 'image', 'audio', 'music', 'video'] as const;

/** Model catalogue metadata as the API returns it (contract §2.10). */
export const modelInfoSchema = z.looseObject({
  id: z.number().int(),
  model: z.string(),
  name: z.string().default(''),
  description: z.string().default(''),
  context_length: z.number().int().default(0),
  max_tokens: z.number().int().default(0),
  input_modalities: z.string().default('[]'),
  output_modalities: z.string().default('[]'),
  tags: z.string().default('[]'),
  support_url: z.string().default('[]'),
  created_at: z.number().int().default(0),
  updated_at: z.number().int().default(0),
});
export type ModelInfo = z.output<typeof modelInfoSchema>;

/** The strings of a JSON array string; `undefined` when the text is not one. */
export function parseJsonStringList(text: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  } catch {
    // not JSON
  }
  return undefined;
}

/** What a client may send for a list field: a JSON array string, an array, or nothing (`[]`). */
type ListFieldSchema = z.ZodType<string, string | string[] | null | undefined>;

/** A list field as a client writes it: a JSON array string (an array is accepted and serialised). */
function listField(allowPlainUrl: boolean): ListFieldSchema {
  const schema = z.preprocess(
    (value) => (Array.isArray(value) ? JSON.stringify(value) : (value ?? '[]')),
    z
      .string()
      .max(MODEL_INFO_LIST_MAX, 'validation.max_length')
      .transform((text) => text || '[]')
      .refine(
        (text) => parseJsonStringList(text) !== undefined || (allowPlainUrl && /^https?:\/\/\S+$/.test(text)),
        { message: 'model_info.errors.json_list' },
      ),
  );
  // preprocess types its input as unknown; the fields are optional strings or arrays for callers.
  return schema as unknown as ListFieldSchema;
}

const modelInfoFields = {
  model: z.string().min(1, 'validation.required').max(MODEL_INFO_MODEL_MAX, 'validation.max_length'),
  name: z.string().min(1, 'validation.required').max(MODEL_INFO_NAME_MAX, 'validation.max_length'),
  description: z.string().max(MODEL_INFO_DESCRIPTION_MAX, 'validation.max_length').default(''),
  context_length: z
    .number()
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .max(1_000_000_000, 'validation.too_large')
    .default(0),
  max_tokens: z
    .number()
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .max(1_000_000_000, 'validation.too_large')
    .default(0),
  input_modalities: listField(false)
    .optional()
    .transform((text) => text ?? '[]'),
  output_modalities: listField(false)
    .optional()
    .transform((text) => text ?? '[]'),
  tags: listField(false)
    .optional()
    .transform((text) => text ?? '[]'),
  support_url: listField(true)
    .optional()
    .transform((text) => text ?? '[]'),
};

/** `POST /api/model_info/` body (`model` must be unique). */
export const modelInfoCreateSchema = z.object(modelInfoFields);
export type ModelInfoCreateInput = z.input<typeof modelInfoCreateSchema>;
export type ModelInfoWrite = z.output<typeof modelInfoCreateSchema>;

/** `PUT /api/model_info/` body. */
export const modelInfoUpdateSchema = z.object({
  ...modelInfoFields,
  id: z.number().int('validation.integer').min(1, 'validation.min').max(MAX_INT_COLUMN, 'validation.max'),
});
export type ModelInfoUpdateInput = z.input<typeof modelInfoUpdateSchema>;
export type ModelInfoUpdate = z.output<typeof modelInfoUpdateSchema>;
