// The payment admin screen (console-screens §15) described once: the order list (read-only) and the
// gateway list with its editor, whose credential fields follow the gateway type.
import { z } from 'zod';
import {
  deleteAction,
  type FieldOption,
  type FormDef,
  type FormFieldDef,
  type ScreenDef,
} from '../../screens/screen-model.js';
import { ORDER_STATUSES, type Order } from './orders.schema.js';
import {
  createPayment,
  deletePayment,
  getPayment,
  listOrders,
  listPayments,
  patchPayment,
  updatePayment,
} from './payments.api.js';
import { ORDER_COLUMNS, PAYMENT_COLUMNS } from './payments.fields.js';
import {
  PAYMENT_CONFIG_KEYS,
  PAYMENT_CURRENCIES,
  PAYMENT_TYPES,
  type Payment,
  type PaymentCreateInput,
  type PaymentType,
  paymentTypeKey,
} from './payments.schema.js';

/** Every credential any gateway type keeps in its `config` (contract §2.6). */
type ConfigKey =
  | 'pay_domain'
  | 'partner_id'
  | 'key'
  | 'pay_type'
  | 'app_id'
  | 'private_key'
  | 'public_key'
  | 'mch_id'
  | 'mch_certificate_serial_number'
  | 'mch_apiv3_key'
  | 'mch_private_key'
  | 'secret_key'
  | 'webhook_secret';

/** The gateway editor's values: the gateway's columns and its credentials side by side. */
export type PaymentFormValues = {
  type: PaymentType;
  name: string;
  icon: string;
  notify_domain: string;
  fixed_fee: number;
  percent_fee: number;
  currency: string;
  sort: number;
  enable: boolean;
} & Record<ConfigKey, string>;

const CONFIG_KEYS: readonly ConfigKey[] = [
  'pay_domain',
  'partner_id',
  'key',
  'pay_type',
  'app_id',
  'private_key',
  'public_key',
  'mch_id',
  'mch_certificate_serial_number',
  'mch_apiv3_key',
  'mch_private_key',
  'secret_key',
  'webhook_secret',
];

/** The pay types each gateway offers (the values its API takes; Epay's '' is its cashier page). */
const PAY_TYPES: Readonly<Record<'epay' | 'alipay' | 'wxpay', readonly FieldOption[]>> = {
  epay: ['', 'alipay', 'wxpay', 'qqpay', 'jdpay', 'bank', 'paypal', 'usdt'].map((value) => ({
    value,
    labelKey: `payments.pay_types.epay_${value || 'cashier'}`,
  })),
  alipay: ['facepay', 'pagepay', 'wappay'].map((value) => ({
    value,
    labelKey: `payments.pay_types.${value}`,
  })),
  wxpay: [{ value: 'Native', labelKey: 'payments.pay_types.native' }],
};

/** The pay type a gateway of this type starts on ('' when it has none to choose). */
export function defaultPayType(type: PaymentType): string {
  return type === 'stripe' ? '' : String(PAY_TYPES[type][0]?.value ?? '');
}

const usesKey = (key: ConfigKey) => (values: PaymentFormValues) =>
  (PAYMENT_CONFIG_KEYS[values.type] ?? []).includes(key);

const credential = (
  key: ConfigKey,
  kind: 'text' | 'password' | 'textarea' = 'text',
): FormFieldDef<PaymentFormValues> => ({
  name: key,
  kind,
  labelKey: `payments.config.${key}`,
  visible: usesKey(key),
});

const payType = (type: 'epay' | 'alipay' | 'wxpay'): FormFieldDef<PaymentFormValues> => ({
  name: 'pay_type',
  kind: 'select',
  labelKey: 'payments.config.pay_type',
  options: PAY_TYPES[type],
  visible: (values) => values.type === type,
});

/** The editor's check: the gateway's own rules, then the credentials its type needs. */
export const paymentFormSchema = z
  .object({
    type: z.enum(PAYMENT_TYPES, { message: 'payments.validation.type_invalid' }),
    name: z.string().min(1, 'validation.required').max(255, 'validation.too_long'),
    icon: z.string().min(1, 'validation.required').max(512, 'validation.too_long'),
    notify_domain: z.string().max(512, 'validation.too_long'),
    fixed_fee: z.number({ message: 'validation.invalid_type' }).min(0, 'validation.min_zero'),
    percent_fee: z
      .number({ message: 'validation.invalid_type' })
      .min(0, 'validation.min_zero')
      .max(1, 'payments.validation.percent_fee_range'),
    currency: z.enum(PAYMENT_CURRENCIES, { message: 'payments.validation.currency_invalid' }),
    sort: z.number().int('validation.integer').min(0, 'validation.min_zero'),
    enable: z.boolean(),
    ...Object.fromEntries(CONFIG_KEYS.map((key) => [key, z.string().max(65_535, 'validation.too_long')])),
  })
  .superRefine((values, ctx) => {
    const type = values.type as PaymentType;
    // Stripe's webhook secret is made by the server when the gateway is created.
    const required = (PAYMENT_CONFIG_KEYS[type] ?? []).filter(
      (key) => key !== 'pay_type' && key !== 'webhook_secret',
    );
    for (const key of required) {
      if (String((values as Record<string, unknown>)[key] ?? '').trim() === '') {
        ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
      }
    }
  }) as unknown as z.ZodType<PaymentFormValues>;

/** A new gateway: Epay in CNY, no fee, enabled (§15.2 defaults). */
export function emptyPaymentForm(): PaymentFormValues {
  return {
    type: 'epay',
    name: '',
    icon: '',
    notify_domain: '',
    fixed_fee: 0,
    percent_fee: 0,
    currency: 'CNY',
    sort: 0,
    enable: true,
    ...(Object.fromEntries(CONFIG_KEYS.map((key) => [key, ''])) as Record<ConfigKey, string>),
  };
}

/** The editor's values of a stored gateway (its config read from the JSON text; unreadable = empty). */
export function paymentFormFromRow(payment: Payment): PaymentFormValues {
  let config: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(payment.config || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      config = parsed as Record<string, unknown>;
  } catch {
    // a config the editor cannot read starts empty; saving writes a whole new one
  }
  const values = emptyPaymentForm();
  for (const key of CONFIG_KEYS) values[key] = config[key] === undefined ? '' : String(config[key]);
  return {
    ...values,
    type: (PAYMENT_TYPES as readonly string[]).includes(payment.type)
      ? (payment.type as PaymentType)
      : 'epay',
    name: payment.name,
    icon: payment.icon,
    notify_domain: payment.notify_domain,
    fixed_fee: payment.fixed_fee,
    percent_fee: payment.percent_fee,
    currency: payment.currency || 'CNY',
    sort: payment.sort,
    enable: payment.enable !== false,
  };
}

/** The request body: the columns, and `config` as the JSON text of the type's credentials only. */
export function paymentInputFromForm(
  values: PaymentFormValues,
  row: Payment | undefined,
): PaymentCreateInput & { id?: number; uuid?: string } {
  const config = Object.fromEntries(
    (PAYMENT_CONFIG_KEYS[values.type] ?? []).map((key) => [key, values[key as ConfigKey].trim()]),
  );
  return {
    ...(row ? { id: row.id, uuid: row.uuid } : {}),
    type: values.type,
    name: values.name.trim(),
    icon: values.icon.trim(),
    notify_domain: values.notify_domain.trim(),
    fixed_fee: values.fixed_fee,
    percent_fee: values.percent_fee,
    currency: values.currency as 'CNY' | 'USD',
    sort: values.sort,
    enable: values.enable,
    config: JSON.stringify(config),
  };
}

export const PAYMENT_FORM: FormDef<Payment, PaymentFormValues, ReturnType<typeof paymentInputFromForm>> = {
  fields: [
    {
      name: 'type',
      kind: 'select',
      labelKey: 'payments.fields.type',
      options: PAYMENT_TYPES.map((type) => ({ value: type, labelKey: paymentTypeKey(type) })),
      required: true,
    },
    { name: 'name', kind: 'text', labelKey: 'payments.fields.name', required: true },
    { name: 'icon', kind: 'text', labelKey: 'payments.fields.icon', required: true },
    {
      name: 'notify_domain',
      kind: 'text',
      labelKey: 'payments.fields.notify_domain',
      helpKey: 'payments.form.notify_domain_help',
    },
    { name: 'fixed_fee', kind: 'decimal', labelKey: 'payments.fields.fixed_fee' },
    {
      name: 'percent_fee',
      kind: 'decimal',
      labelKey: 'payments.fields.percent_fee',
      helpKey: 'payments.form.percent_fee_help',
    },
    {
      name: 'currency',
      kind: 'select',
      labelKey: 'payments.fields.currency',
      options: PAYMENT_CURRENCIES.map((currency) => ({ value: currency, label: currency })),
    },
    { name: 'sort', kind: 'int', labelKey: 'payments.fields.sort' },
    { name: 'enable', kind: 'switch', labelKey: 'payments.fields.enable' },
    credential('pay_domain'),
    credential('partner_id'),
    credential('key', 'password'),
    payType('epay'),
    credential('app_id'),
    credential('private_key', 'textarea'),
    credential('public_key', 'textarea'),
    payType('alipay'),
    credential('mch_id'),
    credential('mch_certificate_serial_number'),
    credential('mch_apiv3_key', 'password'),
    credential('mch_private_key', 'textarea'),
    payType('wxpay'),
    credential('secret_key', 'password'),
    { ...credential('webhook_secret', 'password'), helpKey: 'payments.form.webhook_secret_help' },
  ],
  schema: paymentFormSchema,
  empty: emptyPaymentForm,
  // Each type has its own pay types: a new type starts on its first one.
  changed: (values, previous) =>
    values.type === previous.type ? {} : { pay_type: defaultPayType(values.type) },
  fromRow: paymentFormFromRow,
  toInput: paymentInputFromForm,
  load: (client, row) => getPayment(client, row.id),
  create: (client, input) => createPayment(client, input),
  update: (client, input) => updatePayment(client, input as Parameters<typeof updatePayment>[1]),
};

export const PAYMENT_GATEWAY_SCREEN: ScreenDef<
  Payment,
  PaymentFormValues,
  ReturnType<typeof paymentInputFromForm>
> = {
  id: 'payment',
  tab: { id: 'gateway', labelKey: 'payments.tabs.gateway' },
  titleKey: 'payments.title',
  entity: 'payments',
  rowKey: (payment) => payment.id,
  rowName: (payment) => payment.name,
  columns: PAYMENT_COLUMNS,
  list: (client, query) => listPayments(client, query),
  filters: [
    { name: 'name', kind: 'text', labelKey: 'payments.fields.name' },
    { name: 'uuid', kind: 'text', labelKey: 'payments.fields.uuid' },
    {
      name: 'type',
      kind: 'select',
      labelKey: 'payments.fields.type',
      options: [
        { value: '', labelKey: 'common.all' },
        ...PAYMENT_TYPES.map((type) => ({ value: type, labelKey: paymentTypeKey(type) })),
      ],
    },
  ],
  defaultOrder: '-created_at',
  refreshClearsFilters: true,
  // The filters apply on Search only (console-screens §1.2, §15).
  searchButton: true,
  pageSizeKey: 'payment',
  // The order gateways are offered in, edited in place and saved when the input loses focus (§15.2).
  inlineNumbers: [
    {
      column: 'sort',
      labelKey: 'payments.sort_of',
      value: (payment) => payment.sort,
      schema: z
        .number({ message: 'validation.invalid_type' })
        .int('validation.integer')
        .min(0, 'validation.min_zero'),
      save: (client, payment, sort) => patchPayment(client, { id: payment.id, sort }),
      doneKey: 'payments.messages.sorted',
    },
  ],
  status: {
    column: 'enable',
    isOn: (payment) => payment.enable === true,
    set: (client, payment, on) => patchPayment(client, { id: payment.id, enable: on }),
  },
  rowActions: [
    deleteAction<Payment>('payments.confirm.delete', 'payments.messages.deleted', (client, payment) =>
      deletePayment(client, payment.id),
    ),
  ],
  form: PAYMENT_FORM,
  editable: true,
};

/** The order list's default end time: an hour from now, to the minute (so the query stays put while open). */
export function orderEndDefault(now = Date.now()): number {
  return Math.floor(now / 60_000) * 60 + 3600;
}

export const PAYMENT_ORDER_SCREEN: ScreenDef<Order> = {
  id: 'payment',
  tab: { id: 'order', labelKey: 'payments.tabs.order' },
  titleKey: 'payments.orders_title',
  entity: 'orders',
  rowKey: (order) => order.id,
  columns: ORDER_COLUMNS,
  list: (client, query) => listOrders(client, query),
  filters: [
    { name: 'gateway_id', kind: 'int', labelKey: 'payments.order_fields.gateway_id' },
    { name: 'user_id', kind: 'int', labelKey: 'payments.order_fields.user_id' },
    { name: 'trade_no', kind: 'text', labelKey: 'payments.order_fields.trade_no' },
    { name: 'gateway_no', kind: 'text', labelKey: 'payments.order_fields.gateway_no' },
    { name: 'start_timestamp', kind: 'datetime', labelKey: 'payments.filters.start_time' },
    {
      name: 'end_timestamp',
      kind: 'datetime',
      labelKey: 'payments.filters.end_time',
      defaultValue: () => String(orderEndDefault()),
    },
    {
      name: 'status',
      kind: 'select',
      labelKey: 'payments.order_fields.status',
      options: [
        { value: '', labelKey: 'common.all' },
        ...ORDER_STATUSES.map((status) => ({ value: status, labelKey: `payments.order_status.${status}` })),
      ],
    },
  ],
  defaultOrder: '-created_at',
  refreshClearsFilters: true,
  // The filters apply on Search only (console-screens §1.2, §15).
  searchButton: true,
  pageSizeKey: 'payment_order',
  rowActions: [],
};

/** The tabs of `/panel/payment`, the order list first (§15). */
export const PAYMENT_SCREENS = [PAYMENT_ORDER_SCREEN, PAYMENT_GATEWAY_SCREEN] as const;
