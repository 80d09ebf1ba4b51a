import { z } from 'zod';

/** Owner ids up to this one are reserved for the built-in owners (channel-type ids, contract §2.9). */
export const MAX_BUILT_IN_OWNER_ID = 1000;
/** The first id a custom owner may take. */
export const MIN_CUSTOM_OWNER_ID = MAX_BUILT_IN_OWNER_ID + 1;
export const OWNER_NAME_MAX = 64;
export const OWNER_ICON_MAX = 512;

/** A model owner (contract §2.9). */
export const modelOwnedBySchema = z.looseObject({
  id: z.number().int(),
  name: z.string().default(''),
  icon: z
    .string()
    .nullable()
    .default('')
    .transform((icon) => icon ?? ''),
});
export type ModelOwnedBy = z.output<typeof modelOwnedBySchema>;

const ownerFields = {
  name: z.string().min(1, 'validation.required').max(OWNER_NAME_MAX, 'validation.max_length'),
  icon: z.string().max(OWNER_ICON_MAX, 'validation.max_length').default(''),
};

/** `POST /api/model_ownedby/`: a custom owner; the id (fixed once set) is above 1000 or left out. */
export const modelOwnedByCreateSchema = z.object({
  ...ownerFields,
  id: z
    .number()
    .int('validation.integer')
    .min(MIN_CUSTOM_OWNER_ID, 'model_ownedby.errors.id_reserved')
    .max(2_000_000_000, 'validation.too_large')
    .optional(),
});
export type ModelOwnedByCreateInput = z.input<typeof modelOwnedByCreateSchema>;

/** `PUT /api/model_ownedby/`: the id names the owner and is never changed. */
export const modelOwnedByUpdateSchema = z.object({
  ...ownerFields,
  id: z
    .number()
    .int('validation.integer')
    .min(1, 'validation.min')
    .max(2_000_000_000, 'validation.too_large'),
});
export type ModelOwnedByUpdateInput = z.input<typeof modelOwnedByUpdateSchema>;

/** `GET /api/ownedby`: owner id (as a string key) → owner. */
export const modelOwnedByMapSchema = z.record(z.string(), modelOwnedBySchema);

/** The owner name of a model whose owner id is not known (contract §2.9). */
export const UNKNOWN_OWNER_NAME = '未知';
