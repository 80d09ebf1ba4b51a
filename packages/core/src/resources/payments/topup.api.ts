// The paying user's calls of the top-up screen (contract §1.4): the gateways, an order, its status.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { type Payment, paymentSchema } from './payments.schema.js';
import { TOPUP_MAX_AMOUNT } from './topup.js';

/** The enabled gateways a user may pay with (`config` and admin fields left empty by the server). */
export function listUserPayments(client: ApiClient): Promise<Payment[]> {
  return client.request(
    'GET',
    '/api/user/payment',
    z
      .array(paymentSchema)
      .nullable()
      .transform((list) => list ?? []),
  );
}

/** `POST /api/user/order` body: a gateway's uuid and whole US dollars. */
export const userOrderSchema = z.object({
  uuid: z.string({ message: 'validation.required' }).min(1, 'validation.required'),
  amount: z
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(1, 'validation.min')
    .max(TOPUP_MAX_AMOUNT, 'validation.max'),
});
export type UserOrderInput = z.input<typeof userOrderSchema>;

/** What an order answers: type 1 = open `data.url` (a form post when `method`/`params`), 2 = a QR code. */
export const userOrderReplySchema = z.looseObject({
  trade_no: z.string(),
  type: z.number().int(),
  data: z.looseObject({
    url: z.string().default(''),
    method: z.string().default(''),
    params: z.record(z.string(), z.unknown()).nullable().default(null),
  }),
});
export type UserOrderReply = z.output<typeof userOrderReplySchema>;

/** Places an order with a gateway; the payment itself happens at the gateway. */
export function createUserOrder(client: ApiClient, input: UserOrderInput): Promise<UserOrderReply> {
  return client.request('POST', '/api/user/order', userOrderReplySchema, {
    body: userOrderSchema.parse(input),
  });
}
