// Monthly bills (contract §1.4, §3.4): a user's usage summed per month, and per model within a month.
import { z } from 'zod';

/** Fields a bill list may be sorted by; one-hub sorts any other name by date (contract §1.4). */
export const INVOICE_SORT_FIELDS = [
  'date',
  'request_count',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'request_time',
] as const;
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

const count = z.number().int().default(0);

/** One month of a user's bills (`InvoiceMonth`): `date` is the month's first day, `YYYY-MM-01`. */
export const invoiceMonthSchema = z.looseObject({
  date: z.string(),
  request_count: count,
  quota: count,
  prompt_tokens: count,
  completion_tokens: count,
  /** Milliseconds, summed over the month's requests. */
  request_time: count,
});
export type InvoiceMonth = z.output<typeof invoiceMonthSchema>;

/** One model's line of a month's bill (`InvoiceModelRow`). */
export const invoiceModelRowSchema = invoiceMonthSchema.extend({ model_name: z.string().default('') });
export type InvoiceModelRow = z.output<typeof invoiceModelRowSchema>;

export const invoiceModelRowListSchema = z
  .array(invoiceModelRowSchema)
  .nullable()
  .transform((rows) => rows ?? []);

/**
 * The month a date names, as its first day `YYYY-MM-01`: `YYYY-MM` and any real day `YYYY-MM-DD` are
 * taken (the console's month picker snaps to the 1st); undefined for anything else.
 */
export function invoiceMonthOf(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day = '01'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return real && Number(year) >= 1970 ? `${year}-${month}-01` : undefined;
}

/** A month as `YYYY-MM-DD` (its first day) for a query or a path: refused with the field named otherwise. */
export const invoiceDateSchema = z
  .string({ message: 'billing.invoices.errors.date' })
  .transform((text, ctx) => {
    const month = invoiceMonthOf(text);
    if (month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'billing.invoices.errors.date' });
      return z.NEVER;
    }
    return month;
  });

/** The month before the one `now` falls in (local time), as `YYYY-MM-01`: the bill the job makes. */
export function previousInvoiceMonth(now: Date = new Date()): string {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}-01`;
}

/** `YYYY-MM` of a bill's date, as the list and the detail's address show it. */
export function invoiceMonthLabel(date: string): string {
  return date.slice(0, 7);
}

/** The bill number printed on a month's sheet: `#YYYYMM-<user id>` (console-screens §11). */
export function invoiceBillNumber(date: string, userId: number): string {
  return `#${date.slice(0, 4)}${date.slice(5, 7)}-${userId}`;
}
