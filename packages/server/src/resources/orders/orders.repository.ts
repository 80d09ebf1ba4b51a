// SQL for the orders table: the admin list with its filters (contract §1.13). Writes come with payments.
import type { Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { OrderRow } from '../../db/tables.js';
import { type ListRequest, pageOf } from '../../shared/listing.js';

export type StoredOrder = Selectable<OrderRow>;

/** Filters of the order list; 0 and '' filter nothing; times are unix seconds on `created_at`. */
export interface OrderFilters {
  user_id: number;
  gateway_id: number;
  trade_no: string;
  gateway_no: string;
  status: string;
  start_timestamp: number;
  end_timestamp: number;
}

/** The orders table. */
export function createOrdersRepository(db: GwDb) {
  return {
    async list<F extends keyof OrderRow & string>(filters: OrderFilters, request: ListRequest<F>) {
      let base = db.selectFrom('orders');
      if (filters.user_id) base = base.where('user_id', '=', filters.user_id);
      if (filters.gateway_id) base = base.where('gateway_id', '=', filters.gateway_id);
      if (filters.trade_no) base = base.where('trade_no', '=', filters.trade_no);
      if (filters.gateway_no) base = base.where('gateway_no', '=', filters.gateway_no);
      if (filters.status) base = base.where('status', '=', filters.status);
      if (filters.start_timestamp) base = base.where('created_at', '>=', filters.start_timestamp);
      if (filters.end_timestamp) base = base.where('created_at', '<=', filters.end_timestamp);
      return pageOf(base, request);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
