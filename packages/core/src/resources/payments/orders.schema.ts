import { z } from 'zod';

/** Order statuses (contract §4.2). */
export const ORDER_STATUSES = ['pending', 'success', 'failed', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Fields an order list may be sorted by (contract §1.13). */
export const ORDER_SORT_FIELDS = ['id', 'gateway_id', 'user_id', 'status', 'created_at'] as const;

/** A payment order as the API returns it (contract §2.7). */
export const orderSchema = z.looseObject({
  id: z.number().int(),
  user_id: z.number().int().default(0),
  gateway_id: z.number().int().default(0),
  trade_no: z.string().default(''),
  gateway_no: z.string().default(''),
  amount: z.number().int().default(0),
  order_amount: z.number().default(0),
  order_currency: z.string().default(''),
  quota: z.number().int().default(0),
  fee: z.number().default(0),
  discount: z.number().default(0),
  status: z.string().default(''),
  created_at: z.number().int().default(0),
});
export type Order = z.output<typeof orderSchema>;

/** The i18n key of an order status. */
export function orderStatusKey(status: string): string {
  return (ORDER_STATUSES as readonly string[]).includes(status)
    ? `payments.order_status.${status}`
    : 'payments.order_status.unknown';
}
