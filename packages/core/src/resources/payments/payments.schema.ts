import { z } from 'zod';
import { MAX_INT_COLUMN } from '../../validation/row-id.js';

/** Gateway types (contract §4.6). */
export const PAYMENT_TYPES = ['epay', 'alipay', 'wxpay', 'stripe'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** Charge currencies (contract §4.6). */
export const PAYMENT_CURRENCIES = ['CNY', 'USD'] as const;
/** Fields a gateway list may be sorted by (contract §1.13). */
export const PAYMENT_SORT_FIELDS = ['id', 'uuid', 'name', 'type', 'sort', 'enable', 'created_at'] as const;
/** The credentials each gateway type's `config` JSON holds (contract §2.6). */
export const PAYMENT_CONFIG_KEYS: Readonly<Record<PaymentType, readonly string[]>> = {
  epay: ['pay_domain', 'partner_id', 'key', 'pay_type'],
  alipay: ['app_id', 'private_key', 'public_key', 'pay_type'],
  wxpay: [
    'app_id',
    'mch_id',
    'mch_certificate_serial_number',
    'mch_apiv3_key',
    'mch_private_key',
    'pay_type',
  ],
  stripe: ['secret_key', 'webhook_secret'],
};
export const PAYMENT_NAME_MAX = 255;
export const PAYMENT_URL_MAX = 512;
/** Fees are money in the gateway's terms; anything above this is a typing slip. */
export const PAYMENT_FEE_MAX = 1_000_000;
export const PAYMENT_SORT_MAX = 1_000_000;

/** A payment gateway as the API returns it (contract §2.6); `config` is a JSON string (admins only). */
export const paymentSchema = z.looseObject({
  id: z.number().int(),
  type: z.string().default(''),
  uuid: z.string().default(''),
  name: z.string().default(''),
  icon: z.string().default(''),
  notify_domain: z.string().default(''),
  fixed_fee: z.number().default(0),
  percent_fee: z.number().default(0),
  currency: z.string().default(''),
  config: z
    .string()
    .nullable()
    .default('')
    .transform((text) => text ?? ''),
  sort: z.number().int().default(0),
  enable: z.boolean().nullable().default(null),
  created_at: z.number().int().default(0),
});
export type Payment = z.output<typeof paymentSchema>;

/**
 * Checks a gateway's `config` text against its type: a JSON object holding each credential of the type
 * as a string (`pay_type` may also be a number). Returns the i18n key of the problem, if any.
 */
export function paymentConfigIssue(type: string, text: string): string | undefined {
  const keys = PAYMENT_CONFIG_KEYS[type as PaymentType];
  if (!keys) return undefined; // the type itself is refused elsewhere
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'payments.validation.config_json';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return 'payments.validation.config_json';
  }
  const config = parsed as Record<string, unknown>;
  for (const key of keys) {
    const value = config[key];
    const fits = typeof value === 'string' || (key === 'pay_type' && typeof value === 'number');
    if (!fits) return 'payments.validation.config_shape';
  }
  return undefined;
}

const fee = z
  .number({ message: 'validation.invalid_type' })
  .min(0, 'validation.min_zero')
  .max(PAYMENT_FEE_MAX, 'validation.too_large');

/** Every editable field with its rule (console-spec §5); no defaults, so a partial edit can reuse them. */
const paymentFieldRules = {
  type: z.enum(PAYMENT_TYPES, { message: 'payments.validation.type_invalid' }),
  name: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(PAYMENT_NAME_MAX, 'validation.too_long'),
  icon: z
    .string({ message: 'validation.required' })
    .min(1, 'validation.required')
    .max(PAYMENT_URL_MAX, 'validation.too_long'),
  notify_domain: z.string({ message: 'validation.invalid_type' }).max(PAYMENT_URL_MAX, 'validation.too_long'),
  fixed_fee: fee,
  percent_fee: fee.max(1, 'payments.validation.percent_fee_range'),
  currency: z.enum(PAYMENT_CURRENCIES, { message: 'payments.validation.currency_invalid' }),
  config: z.string({ message: 'payments.validation.config_json' }).max(65_535, 'validation.too_long'),
  sort: z
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(0, 'validation.min_zero')
    .max(PAYMENT_SORT_MAX, 'validation.too_large'),
  enable: z.boolean({ message: 'validation.invalid_type' }).nullable(),
};

function checkConfig(input: { type?: string; config?: string }, ctx: z.RefinementCtx): void {
  if (input.type === undefined || input.config === undefined) return;
  const issue = paymentConfigIssue(input.type, input.config);
  if (issue) ctx.addIssue({ code: 'custom', path: ['config'], message: issue, params: { type: input.type } });
}

const paymentFieldsSchema = z.object({
  ...paymentFieldRules,
  notify_domain: paymentFieldRules.notify_domain.default(''),
  fixed_fee: paymentFieldRules.fixed_fee.default(0),
  percent_fee: paymentFieldRules.percent_fee.default(0),
  sort: paymentFieldRules.sort.default(0),
  enable: paymentFieldRules.enable.default(true),
});

/** `POST /api/payment/` body: a gateway without id/uuid (the server makes the uuid). */
export const paymentCreateSchema = paymentFieldsSchema.superRefine(checkConfig);
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentCreate = z.output<typeof paymentCreateSchema>;

const paymentId = z
  .number({ message: 'validation.required' })
  .int('validation.integer')
  .min(1, 'validation.min')
  .max(MAX_INT_COLUMN, 'validation.max');

/** `PUT /api/payment/` with `uuid`: every column is replaced (the uuid itself never changes). */
export const paymentUpdateSchema = paymentFieldsSchema
  .extend({ id: paymentId, uuid: z.string().min(1, 'validation.required') })
  .superRefine(checkConfig);
export type PaymentUpdateInput = z.input<typeof paymentUpdateSchema>;
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;

/** `PUT /api/payment/` without `uuid`: only the fields sent are changed, zeros and `false` included. */
export const paymentPatchSchema = z.object({ id: paymentId }).extend(
  Object.fromEntries(Object.entries(paymentFieldRules).map(([key, rule]) => [key, rule.optional()])) as {
    [K in keyof typeof paymentFieldRules]: z.ZodOptional<(typeof paymentFieldRules)[K]>;
  },
);
export type PaymentPatchInput = z.input<typeof paymentPatchSchema>;
export type PaymentPatch = z.output<typeof paymentPatchSchema>;

/** Whether a `PUT /api/payment/` body is a full edit (it carries the gateway's uuid). */
export function isFullPaymentUpdate(body: unknown): boolean {
  const uuid = (body as { uuid?: unknown } | null)?.uuid;
  return typeof uuid === 'string' && uuid.trim() !== '';
}

/** The i18n key of a gateway type's label. */
export function paymentTypeKey(type: string): string {
  return (PAYMENT_TYPES as readonly string[]).includes(type)
    ? `payments.types.${type}`
    : 'payments.types.unknown';
}
