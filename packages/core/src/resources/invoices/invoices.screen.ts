// The monthly bill screens (console-screens §11): the list of months and one month's printable sheet.
import type { ApiClient } from '../../http/client.js';
import type { ScreenDef } from '../../screens/screen-model.js';
import { getInvoiceDetail, listInvoices } from './invoices.api.js';
import { INVOICE_COLUMNS } from './invoices.fields.js';
import {
  type InvoiceModelRow,
  type InvoiceMonth,
  invoiceBillNumber,
  invoiceMonthLabel,
  invoiceMonthOf,
} from './invoices.schema.js';

/** The bill list: read-only, newest month first; each row opens its month's sheet (`invoiceDetailPath`). */
export const INVOICE_SCREEN: ScreenDef<InvoiceMonth> = {
  id: 'invoice',
  titleKey: 'billing.invoices.title',
  entity: 'invoices',
  rowKey: (row) => row.date,
  rowName: (row) => invoiceMonthLabel(row.date),
  columns: INVOICE_COLUMNS,
  list: (client, query) => listInvoices(client, { page: query.page, size: query.size, order: query.order }),
  filters: [],
  defaultOrder: '-date',
  pageSizeKey: 'invoice',
  emptyKey: 'billing.invoices.empty',
  noticeKey: 'billing.invoices.caption',
  rowActions: [],
};

/** Where a month's sheet opens in the console: `/panel/invoice/detail/YYYY-MM`. */
export function invoiceDetailPath(date: string): string {
  return `/panel/invoice/detail/${invoiceMonthLabel(date)}`;
}

/** The totals of a month's sheet: what the per-model lines add up to. */
export interface InvoiceTotals {
  prompt_tokens: number;
  completion_tokens: number;
  request_count: number;
  request_time: number;
  quota: number;
}

/** A month's printable sheet (§11 bill detail): its number, the account, the lines and their totals. */
export interface InvoiceSheet {
  date: string;
  month: string;
  billNumber: string;
  username: string;
  email: string;
  lines: InvoiceModelRow[];
  totals: InvoiceTotals;
}

/** The account a sheet is made out to (`GET /api/user/self`). */
export interface InvoiceAccount {
  id: number;
  username: string;
  email?: string;
}

/** Builds a month's sheet from its lines; the lines are sorted by amount, largest first. */
export function invoiceSheet(
  date: string,
  account: InvoiceAccount,
  lines: readonly InvoiceModelRow[],
): InvoiceSheet {
  const totals: InvoiceTotals = {
    prompt_tokens: 0,
    completion_tokens: 0,
    request_count: 0,
    request_time: 0,
    quota: 0,
  };
  for (const line of lines) {
    for (const key of Object.keys(totals) as (keyof InvoiceTotals)[]) totals[key] += line[key];
  }
  return {
    date,
    month: invoiceMonthLabel(date),
    billNumber: invoiceBillNumber(date, account.id),
    username: account.username,
    email: account.email ?? '',
    lines: [...lines].sort((a, b) => b.quota - a.quota || a.model_name.localeCompare(b.model_name)),
    totals,
  };
}

/**
 * Reads a month's sheet for the month in a detail address (`YYYY-MM`); a month that cannot be read is
 * refused before any call (undefined).
 */
export async function loadInvoiceSheet(
  client: ApiClient,
  month: string,
  account: InvoiceAccount,
): Promise<InvoiceSheet | undefined> {
  const date = invoiceMonthOf(month);
  if (date === undefined) return undefined;
  return invoiceSheet(date, account, await getInvoiceDetail(client, date));
}
