import type { ApiClient } from '../../http/client.js';
import { type ListQuery, type Paged, pagedSchema } from '../../http/envelope.js';
import {
  type InvoiceModelRow,
  type InvoiceMonth,
  invoiceModelRowListSchema,
  invoiceMonthSchema,
} from './invoices.schema.js';

export const invoiceMonthPageSchema = pagedSchema(invoiceMonthSchema);

/** The caller's monthly bills, newest first by default: `GET /api/user/invoice`. */
export function listInvoices(client: ApiClient, query: ListQuery = {}): Promise<Paged<InvoiceMonth>> {
  return client.request('GET', '/api/user/invoice', invoiceMonthPageSchema, { query: { ...query } });
}

/** One month's bill per model (`date` = `YYYY-MM-01`): `GET /api/user/invoice/detail`. */
export function getInvoiceDetail(client: ApiClient, date: string): Promise<InvoiceModelRow[]> {
  return client.request('GET', '/api/user/invoice/detail', invoiceModelRowListSchema, { query: { date } });
}

/** Root: makes a past month's bills unless they exist (`date` any day of the month); the server's message. */
export async function generateInvoiceMonth(client: ApiClient, date: string): Promise<string> {
  const reply = await client.send('POST', `/api/option/invoice/gen/${encodeURIComponent(date)}`);
  return reply.message;
}

/** Root: makes a past month's bills again from the logs; the server's message. */
export async function regenerateInvoiceMonth(client: ApiClient, date: string): Promise<string> {
  const reply = await client.send('POST', `/api/option/invoice/update/${encodeURIComponent(date)}`);
  return reply.message;
}
