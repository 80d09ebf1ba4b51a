import { z } from 'zod';

/** How a model is billed (contract §4.6): per token or per call. */
export const PRICE_TYPES = ['tokens', 'times'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
/** Sync modes of `POST /api/prices/sync` (contract §1.11). */
export const PRICE_SYNC_MODES = ['system', 'add', 'update', 'overwrite'] as const;
export type PriceSyncMode = (typeof PRICE_SYNC_MODES)[number];
/** The ratio an unpriced model is billed at, input and output (contract §2.11). */
export const UNPRICED_MODEL_RATIO = 30;
export const PRICE_MODEL_MAX = 191;
/** The largest ratio a form accepts (far above any real price; keeps stored text short). */
export const PRICE_RATIO_MAX = 1_000_000_000;

/** Decoded model info embedded in a price (contract §2.10): list fields are arrays here. */
export const priceModelInfoSchema = z.looseObject({
  model: z.string().default(''),
  name: z.string().default(''),
  description: z.string().default(''),
  context_length: z.number().int().default(0),
  max_tokens: z.number().int().default(0),
  input_modalities: z.array(z.string()).nullable().default([]),
  output_modalities: z.array(z.string()).nullable().default([]),
  tags: z.array(z.string()).nullable().default([]),
  support_url: z.array(z.string()).nullable().default([]),
});

/** A price as the API returns it (contract §2.11). */
export const priceSchema = z.looseObject({
  model: z.string(),
  type: z.string().default('tokens'),
  channel_type: z.number().int().default(0),
  input: z.number().default(0),
  output: z.number().default(0),
  locked: z.boolean().default(false),
  extra_ratios: z.record(z.string(), z.number()).nullable().optional(),
  model_info: priceModelInfoSchema.nullable().optional(),
});
export type Price = z.output<typeof priceSchema>;

/**
 * A model name of a price (spec §5): required, and `*` only as the last character after others
 * (`gpt-4*` matches every model starting with `gpt-4`).
 */
export function isValidPriceModel(name: string): boolean {
  if (name.length === 0) return false;
  const star = name.indexOf('*');
  return star === -1 || (star === name.length - 1 && star > 0);
}

/** A model name as a price input takes it. */
export const priceModelNameSchema = z
  .string()
  .min(1, 'validation.required')
  .max(PRICE_MODEL_MAX, 'validation.max_length')
  .refine(isValidPriceModel, { message: 'prices.errors.wildcard' });

const ratio = z.number().min(0, 'validation.min_zero').max(PRICE_RATIO_MAX, 'validation.too_large');

/** The price fields a client writes, apart from the model name. */
const priceFields = {
  type: z.enum(PRICE_TYPES, { message: 'prices.errors.type' }),
  channel_type: z.number().int('validation.integer').min(1, 'prices.errors.channel_type'),
  input: ratio,
  output: ratio,
  locked: z.boolean().default(false),
  extra_ratios: z
    .record(z.string().min(1, 'validation.required').max(64, 'validation.max_length'), ratio)
    .nullish(),
};

/** One price as `POST /api/prices/single` and `PUT /api/prices/single/*model` take it. */
export const priceInputSchema = z.object({ model: priceModelNameSchema, ...priceFields });
export type PriceInput = z.input<typeof priceInputSchema>;
export type PriceWrite = z.output<typeof priceInputSchema>;

/** Duplicate names in a list of models, reported on the first repeat. */
function checkUnique(models: readonly string[], ctx: z.RefinementCtx, path: (string | number)[]): void {
  const seen = new Set<string>();
  models.forEach((model, index) => {
    if (seen.has(model)) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, index],
        message: 'prices.errors.repeated',
        params: { model },
      });
    }
    seen.add(model);
  });
}

/** `POST /api/prices/multiple`: models added, kept or removed against `original_models`; `price.model` ignored. */
export const priceBatchSchema = z
  .object({
    original_models: z
      .array(z.string())
      .nullish()
      .transform((list) => list ?? []),
    models: z.array(priceModelNameSchema).min(1, 'prices.errors.models_required'),
    price: z.object({ model: z.string().optional(), ...priceFields }),
  })
  .superRefine((batch, ctx) => checkUnique(batch.models, ctx, ['models']));
export type PriceBatchInput = z.input<typeof priceBatchSchema>;
export type PriceBatch = z.output<typeof priceBatchSchema>;

/** `PUT /api/prices/multiple/delete`. */
export const priceDeleteManySchema = z.object({
  models: z.array(z.string().min(1, 'validation.required')).min(1, 'prices.errors.models_required'),
});

/** One row of an imported price list: the same rules, but an owner id of 0 (unknown) is tolerated. */
export const priceImportRowSchema = priceInputSchema.extend({
  channel_type: z.number().int('validation.integer').min(0, 'validation.min_zero'),
  // Remote lists omit `locked`; an import never locks a row by itself.
  locked: z.boolean().default(false),
});

/** `POST /api/prices/sync` body: a non-empty price list without repeated models (`{data: […]}` also read). */
export const priceSyncSchema = z.preprocess(
  (body) => (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body ? body.data : body),
  z
    .array(priceImportRowSchema)
    .min(1, 'prices.errors.sync_empty')
    .superRefine((rows, ctx) =>
      checkUnique(
        rows.map((row) => row.model),
        ctx,
        [],
      ),
    ),
);
export type PriceSyncRow = z.output<typeof priceImportRowSchema>;
