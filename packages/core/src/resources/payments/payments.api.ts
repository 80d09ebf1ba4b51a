import type { ApiClient } from '../../http/client.js';
import { type ListQuery, type Paged, pagedSchema } from '../../http/envelope.js';
import { type Order, orderSchema } from './orders.schema.js';
import {
  type Payment,
  type PaymentCreateInput,
  type PaymentPatchInput,
  type PaymentUpdateInput,
  paymentCreateSchema,
  paymentPatchSchema,
  paymentSchema,
  paymentUpdateSchema,
} from './payments.schema.js';

export const paymentPageSchema = pagedSchema(paymentSchema);
export const orderPageSchema = pagedSchema(orderSchema);

/** Filters of the gateway list: type, currency and uuid exact, name a prefix. */
export interface PaymentListQuery extends Omit<ListQuery, 'keyword'> {
  type?: string;
  name?: string;
  uuid?: string;
  currency?: string;
}

/** Filters of the order list; times are unix seconds on `created_at`. */
export interface OrderListQuery extends Omit<ListQuery, 'keyword'> {
  user_id?: number;
  gateway_id?: number;
  trade_no?: string;
  gateway_no?: string;
  status?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

/** Lists payment gateways (admin); `config` is left empty in the list. */
export function listPayments(client: ApiClient, query: PaymentListQuery = {}): Promise<Paged<Payment>> {
  return client.request('GET', '/api/payment/', paymentPageSchema, { query: { ...query } });
}

/** Reads one gateway with its `config` (admin). */
export function getPayment(client: ApiClient, id: number): Promise<Payment> {
  return client.request('GET', `/api/payment/${id}`, paymentSchema);
}

/** Adds a gateway; the server makes its uuid and answers with it. */
export function createPayment(client: ApiClient, input: PaymentCreateInput): Promise<Payment> {
  return client.request('POST', '/api/payment/', paymentSchema, { body: paymentCreateSchema.parse(input) });
}

/** Replaces every column of a gateway (the body carries its uuid). */
export function updatePayment(client: ApiClient, input: PaymentUpdateInput): Promise<Payment> {
  return client.request('PUT', '/api/payment/', paymentSchema, { body: paymentUpdateSchema.parse(input) });
}

/** Changes only the fields sent, e.g. `{id, enable: false}` or `{id, sort: 0}`. */
export function patchPayment(client: ApiClient, input: PaymentPatchInput): Promise<Payment> {
  return client.request('PUT', '/api/payment/', paymentSchema, { body: paymentPatchSchema.parse(input) });
}

/** Deletes a gateway (admin). */
export async function deletePayment(client: ApiClient, id: number): Promise<void> {
  await client.send('DELETE', `/api/payment/${id}`);
}

/** Lists payment orders (admin). */
export function listOrders(client: ApiClient, query: OrderListQuery = {}): Promise<Paged<Order>> {
  return client.request('GET', '/api/payment/order', orderPageSchema, { query: { ...query } });
}
