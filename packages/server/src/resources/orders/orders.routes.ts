// GET /api/payment/order (admin, contract §1.13): the order list. Order creation and callbacks come later.
import { listQuerySchema, ORDER_SORT_FIELDS, orderSchema, pagedSchema } from '@gw/core';
import { z } from 'zod';
import { listRequest } from '../../shared/listing.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { intFilter, timestampFilter } from '../../shared/int-filter.js';
import type { OrdersRepository } from './orders.repository.js';
import { orderRowToOrder } from './orders.wire.js';

const listQuery = listQuerySchema.extend({
  user_id: intFilter,
  gateway_id: intFilter,
  trade_no: z.string().default(''),
  gateway_no: z.string().default(''),
  status: z.string().default(''),
  start_timestamp: timestampFilter,
  end_timestamp: timestampFilter,
});

/** The order list route, bound to the repository (a list has no rules beyond paging and filters). */
export function orderRoutes(orders: OrdersRepository): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/payment/order',
      guard: 'admin',
      tag: 'payments',
      summary: 'List payment orders (filters user_id, gateway_id, trade_no, gateway_no, status, time range)',
      query: listQuery,
      reply: pagedSchema(orderSchema),
      handler: async ({ query }) => {
        const request = listRequest(query, ORDER_SORT_FIELDS);
        const { rows, total } = await orders.list(query, request);
        return {
          data: rows.map(orderRowToOrder),
          page: request.page,
          size: request.size,
          total_count: total,
        };
      },
    }),
  ];
}
