// Stored order rows → the Order shape of contract §2.7.
import type { Order } from '@gw/core';
import type { StoredOrder } from './orders.repository.js';

/** The wire Order. */
export function orderRowToOrder(row: StoredOrder): Order {
  return {
    id: row.id,
    user_id: row.user_id,
    gateway_id: row.gateway_id,
    trade_no: row.trade_no,
    gateway_no: row.gateway_no,
    amount: row.amount,
    order_amount: Number(row.order_amount),
    order_currency: row.order_currency,
    quota: row.quota,
    fee: Number(row.fee),
    discount: Number(row.discount),
    status: row.status,
    created_at: row.created_at,
  };
}
