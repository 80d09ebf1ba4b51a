import type { ColumnDef } from '../../format/columns.js';
import { renderQuota } from '../../format/quota.js';
import { Money } from '../../money/decimal.js';
import type { ChipStyle } from '../../format/chips.js';
import { type Order, orderStatusKey } from './orders.schema.js';
import { type Payment, paymentTypeKey } from './payments.schema.js';

/** A fraction as a percentage (0.05 → 5%), exactly. */
export function percentText(fraction: number): string {
  return `${new Money(fraction).times(100).toFixed()}%`;
}

/** The colour of an order's status chip: pending blue, success green, failed red, closed grey. */
export function orderStatusChip(status: string): ChipStyle {
  if (status === 'pending') return { tone: 'primary' };
  if (status === 'success') return { tone: 'success' };
  if (status === 'failed') return { tone: 'error' };
  return { tone: 'default' };
}

/** The gateway table's columns (console-screens §15.2). */
export const PAYMENT_COLUMNS: readonly ColumnDef<Payment>[] = [
  { id: 'id', titleKey: 'payments.fields.id', sortField: 'id', priority: 2, value: (row) => String(row.id) },
  { id: 'uuid', titleKey: 'payments.fields.uuid', sortField: 'uuid', priority: 4, value: (row) => row.uuid },
  { id: 'name', titleKey: 'payments.fields.name', priority: 1, value: (row) => row.name },
  {
    id: 'type',
    titleKey: 'payments.fields.type',
    sortField: 'type',
    priority: 2,
    value: (row, ctx) => ctx.t(paymentTypeKey(row.type)),
  },
  { id: 'icon', titleKey: 'payments.fields.icon', priority: 3, image: true, value: (row) => row.icon },
  {
    id: 'fixed_fee',
    titleKey: 'payments.fields.fixed_fee',
    priority: 3,
    value: (row) => `$${row.fixed_fee}`,
  },
  {
    id: 'percent_fee',
    titleKey: 'payments.fields.percent_fee',
    priority: 3,
    value: (row) => percentText(row.percent_fee),
  },
  {
    id: 'sort',
    titleKey: 'payments.fields.sort',
    sortField: 'sort',
    priority: 3,
    value: (row) => String(row.sort),
  },
  {
    id: 'enable',
    titleKey: 'payments.fields.enable',
    sortField: 'enable',
    priority: 1,
    value: (row, ctx) => ctx.t(row.enable === false ? 'payments.disabled' : 'payments.enabled'),
  },
  {
    id: 'created_at',
    titleKey: 'payments.fields.created_at',
    sortField: 'created_at',
    priority: 4,
    value: (row, ctx) => ctx.time(row.created_at),
  },
];

/** The order table's columns (console-screens §15.1). */
export const ORDER_COLUMNS: readonly ColumnDef<Order>[] = [
  {
    id: 'created_at',
    titleKey: 'payments.order_fields.created_at',
    sortField: 'created_at',
    priority: 2,
    value: (row, ctx) => ctx.time(row.created_at),
  },
  {
    id: 'gateway_id',
    titleKey: 'payments.order_fields.gateway_id',
    sortField: 'gateway_id',
    priority: 4,
    value: (row) => String(row.gateway_id),
  },
  {
    id: 'user_id',
    titleKey: 'payments.order_fields.user_id',
    sortField: 'user_id',
    priority: 3,
    value: (row) => String(row.user_id),
  },
  { id: 'trade_no', titleKey: 'payments.order_fields.trade_no', priority: 1, value: (row) => row.trade_no },
  {
    id: 'gateway_no',
    titleKey: 'payments.order_fields.gateway_no',
    priority: 5,
    value: (row) => row.gateway_no,
  },
  { id: 'amount', titleKey: 'payments.order_fields.amount', priority: 2, value: (row) => `$${row.amount}` },
  { id: 'fee', titleKey: 'payments.order_fields.fee', priority: 5, value: (row) => `$${row.fee}` },
  {
    id: 'discount',
    titleKey: 'payments.order_fields.discount',
    priority: 5,
    value: (row) => `${row.discount} ${row.order_currency}`,
  },
  {
    id: 'order_amount',
    titleKey: 'payments.order_fields.order_amount',
    priority: 3,
    value: (row) => `${row.order_amount} ${row.order_currency}`,
  },
  {
    id: 'quota',
    titleKey: 'payments.order_fields.quota',
    priority: 4,
    value: (row, ctx) => renderQuota(row.quota, ctx.quota),
  },
  {
    id: 'status',
    titleKey: 'payments.order_fields.status',
    sortField: 'status',
    priority: 1,
    chip: true,
    chipStyle: (row) => orderStatusChip(row.status),
    value: (row, ctx) => ctx.t(orderStatusKey(row.status)),
  },
];
