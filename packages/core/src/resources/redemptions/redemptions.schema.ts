import { z } from 'zod';
import { utf8Length } from '../../validation/trim.js';
/** The largest quota a code may carry: the largest integer a JSON number keeps exactly. */
const MAX_QUOTA = Number.MAX_SAFE_INTEGER;

/** Redemption statuses (contract §4.2). */
export const REDEMPTION_STATUS = { unused: 1, disabled: 2, used: 3 } as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUS)[keyof typeof REDEMPTION_STATUS];
/** Name length in UTF-8 bytes (contract §2.4). */
export const REDEMPTION_NAME_MAX_BYTES = 20;
/** Codes created by one request (contract §1.12). */
export const REDEMPTION_MAX_COUNT = 100;
/** The quota of a code whose create body omits it (the table's default, contract §2.4). */
export const REDEMPTION_DEFAULT_QUOTA = 100;
/** Fields a redemption list may be sorted by (contract §1.12). */
export const REDEMPTION_SORT_FIELDS = [
  'id',
  'name',
  'status',
  'quota',
  'created_time',
  'redeemed_time',
] as const;

/** A redemption code as the API returns it (contract §2.4); `user_id` is the creating admin. */
export const redemptionSchema = z.looseObject({
  id: z.number().int(),
  user_id: z.number().int().default(0),
  key: z.string().default(''),
  status: z.number().int(),
  name: z.string().default(''),
  quota: z.number().int().default(0),
  created_time: z.number().int().default(0),
  redeemed_time: z.number().int().default(0),
  count: z.number().int().default(0),
});
export type Redemption = z.output<typeof redemptionSchema>;

const redemptionName = z
  .string({ message: 'validation.required' })
  .min(1, 'validation.required')
  .refine((name) => utf8Length(name) <= REDEMPTION_NAME_MAX_BYTES, {
    message: 'redemptions.validation.name_too_long',
    params: { max: REDEMPTION_NAME_MAX_BYTES },
  });

const redemptionQuota = z
  .number({ message: 'validation.integer' })
  .int('validation.integer')
  .min(0, 'validation.min_zero')
  .max(MAX_QUOTA, 'validation.too_large');

const redemptionId = z
  .number({ message: 'validation.required' })
  .int('validation.integer')
  .min(1, 'validation.min');

/** `POST /api/redemption/` body: `count` codes named `name`, each worth `quota`. */
export const redemptionCreateSchema = z.object({
  name: redemptionName,
  quota: redemptionQuota.default(REDEMPTION_DEFAULT_QUOTA),
  count: z
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(1, 'redemptions.validation.count_range')
    .max(REDEMPTION_MAX_COUNT, 'redemptions.validation.count_range')
    .default(1),
});
export type RedemptionCreateInput = z.input<typeof redemptionCreateSchema>;
export type RedemptionCreate = z.output<typeof redemptionCreateSchema>;

/** `PUT /api/redemption/` body (edit): name and quota. */
export const redemptionUpdateSchema = z.object({
  id: redemptionId,
  name: redemptionName,
  quota: redemptionQuota,
});
export type RedemptionUpdateInput = z.input<typeof redemptionUpdateSchema>;
export type RedemptionUpdate = z.output<typeof redemptionUpdateSchema>;

/** `PUT /api/redemption/?status_only=true` body: enable (1) or disable (2); "used" is set by redeeming. */
export const redemptionStatusUpdateSchema = z.object({
  id: redemptionId,
  status: z.union([z.literal(REDEMPTION_STATUS.unused), z.literal(REDEMPTION_STATUS.disabled)], {
    message: 'redemptions.validation.status_invalid',
  }),
});
export type RedemptionStatusUpdate = z.output<typeof redemptionStatusUpdateSchema>;

/** `POST /api/user/topup` body: the code to redeem. */
export const redeemSchema = z.object({
  key: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(64, 'validation.too_long'),
});
export type RedeemInput = z.input<typeof redeemSchema>;

/** The i18n key of a redemption status. */
export function redemptionStatusKey(status: number): string {
  switch (status) {
    case REDEMPTION_STATUS.unused:
      return 'redemptions.status.unused';
    case REDEMPTION_STATUS.disabled:
      return 'redemptions.status.disabled';
    case REDEMPTION_STATUS.used:
      return 'redemptions.status.used';
    default:
      return 'redemptions.status.unknown';
  }
}
