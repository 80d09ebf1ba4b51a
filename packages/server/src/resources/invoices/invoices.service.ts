// Monthly bills (contract §1.4, §1.15; gateway-behaviour §12.3): the feature follows the UserInvoiceMonth
// option; a month is made from its consume logs once it is over, in the server's time zone.
import { INVOICE_SORT_FIELDS, type InvoiceSortField, invoiceMonthOf, nowSeconds } from '@gw/core';
import { ApiFailure, fieldFailure } from '../../shared/api-failure.js';
import type { OptionStore } from '../../shared/context.js';
import { listRequest, type SortDirection } from '../../shared/listing.js';
import type { InvoiceRunMode, InvoicesRepository } from './invoices.repository.js';

/** The option that turns monthly bills on (also `/api/status.UserInvoiceMonth`). */
export const INVOICE_OPTION = 'UserInvoiceMonth';

/** A month's span in local time: its first second and the first second of the next month (unix s). */
export function monthBounds(date: string): { start: number; end: number } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  return {
    start: Math.floor(new Date(year, month, 1).getTime() / 1000),
    end: Math.floor(new Date(year, month + 1, 1).getTime() / 1000),
  };
}

/** `order` as one-hub reads it for bills: known fields only (any other sorts by date), then date desc. */
function invoiceOrders(order: string): Array<[InvoiceSortField, SortDirection]> {
  const orders: Array<[InvoiceSortField, SortDirection]> = [];
  for (const term of order.split(',')) {
    const text = term.trim();
    if (!text) continue;
    const named = text.replace(/^[-+]/, '');
    const field = (INVOICE_SORT_FIELDS as readonly string[]).includes(named)
      ? (named as InvoiceSortField)
      : 'date';
    if (!orders.some(([seen]) => seen === field)) orders.push([field, text.startsWith('-') ? 'desc' : 'asc']);
  }
  if (!orders.some(([field]) => field === 'date')) orders.push(['date', 'desc']);
  return orders;
}

export interface InvoiceListQuery {
  page: number;
  size: number;
  order: string;
  keyword: string;
}

/** The bill rules over the repository and the options. */
export function createInvoicesService(repository: InvoicesRepository, options: OptionStore) {
  const enabled = async () => (await options.get(INVOICE_OPTION)) === 'true';
  const requireEnabled = async () => {
    if (!(await enabled())) throw new ApiFailure('NOT_FOUND', 'billing.invoices.errors.disabled');
  };
  return {
    enabled,

    /** The caller's months, newest first unless asked otherwise. */
    async list(userId: number, query: InvoiceListQuery) {
      await requireEnabled();
      const paging = listRequest({ ...query, order: '' }, []);
      const request = { ...paging, orders: invoiceOrders(query.order || '-date') };
      const { rows, total } = await repository.listMonths(userId, request);
      return { data: rows, page: request.page, size: request.size, total_count: total };
    },

    /** The caller's lines of one month (`date` already the month's first day). */
    async detail(userId: number, date: string) {
      await requireEnabled();
      const lines = await repository.monthLines(userId, date);
      return lines.map(({ user_id: _user, ...line }) => line);
    },

    /**
     * Makes a month that is over (`time` names any day of it): `missing` leaves a made month alone,
     * `replace` makes it again. True when this call made it.
     */
    async makeMonth(time: string, mode: InvoiceRunMode, now = nowSeconds()): Promise<boolean> {
      const date = invoiceMonthOf(time);
      if (date === undefined) throw fieldFailure('time', 'billing.invoices.errors.date');
      const { start, end } = monthBounds(date);
      if (end > now)
        throw fieldFailure('time', 'billing.invoices.errors.not_over', { month: date.slice(0, 7) });
      // A made month is not summed again only to be thrown away.
      if (mode === 'missing' && (await repository.hasRun(date))) return false;
      const lines = await repository.sumConsumeLogs(start, end);
      return repository.storeMonth(date, lines, mode, now);
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
