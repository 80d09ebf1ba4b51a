import type { ColumnContext, ColumnDef } from '../../format/columns.js';
import { renderNumber, thousands } from '../../format/quota.js';
import { moneyFromQuota } from '../../money/decimal.js';
import { type InvoiceModelRow, type InvoiceMonth, invoiceMonthLabel } from './invoices.schema.js';

/** Decimals a bill's amount shows (console-screens §11: `$` with 6 decimals). */
export const INVOICE_AMOUNT_DIGITS = 6;

/** A bill's amount in dollars, 6 decimals, whatever the site's display unit (bills are money). */
export function invoiceAmountText(quota: number, ctx: Pick<ColumnContext, 'quota'>): string {
  return `$${moneyFromQuota(quota, ctx.quota.quotaPerUnit, INVOICE_AMOUNT_DIGITS)}`;
}

/** Summed request time (milliseconds) in seconds, one decimal. */
export function invoiceSecondsText(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

const amount: ColumnDef<InvoiceMonth> = {
  id: 'quota',
  titleKey: 'billing.invoices.fields.amount',
  sortField: 'quota',
  priority: 1,
  value: (row, ctx) => invoiceAmountText(row.quota, ctx),
};
const requests: ColumnDef<InvoiceMonth> = {
  id: 'request_count',
  titleKey: 'billing.invoices.fields.requests',
  sortField: 'request_count',
  priority: 2,
  value: (row) => thousands(row.request_count),
};
const requestTime: ColumnDef<InvoiceMonth> = {
  id: 'request_time',
  titleKey: 'billing.invoices.fields.request_time',
  sortField: 'request_time',
  priority: 4,
  value: (row) => invoiceSecondsText(row.request_time),
};

/** The bill list's columns (console-screens §11): month, amount, tokens in / out, requests, time. */
export const INVOICE_COLUMNS: readonly ColumnDef<InvoiceMonth>[] = [
  {
    id: 'date',
    titleKey: 'billing.invoices.fields.month',
    sortField: 'date',
    priority: 1,
    value: (row) => invoiceMonthLabel(row.date),
  },
  amount,
  {
    id: 'tokens',
    titleKey: 'billing.invoices.fields.tokens',
    priority: 3,
    value: (row) => `${renderNumber(row.prompt_tokens)} / ${renderNumber(row.completion_tokens)}`,
  },
  requests,
  requestTime,
];

/** A month's bill per model (§11 bill detail): model, prompt, completion, requests, time, amount. */
export const INVOICE_MODEL_COLUMNS: readonly ColumnDef<InvoiceModelRow>[] = [
  {
    id: 'model_name',
    titleKey: 'billing.invoices.fields.model',
    priority: 1,
    value: (row) => row.model_name,
  },
  {
    id: 'prompt_tokens',
    titleKey: 'billing.invoices.fields.prompt_tokens',
    priority: 3,
    value: (row) => thousands(row.prompt_tokens),
  },
  {
    id: 'completion_tokens',
    titleKey: 'billing.invoices.fields.completion_tokens',
    priority: 3,
    value: (row) => thousands(row.completion_tokens),
  },
  { ...requests, sortField: undefined },
  { ...requestTime, sortField: undefined },
  { ...amount, sortField: undefined },
];
