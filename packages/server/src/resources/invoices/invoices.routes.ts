// Monthly bills: the caller's months and one month's lines (contract §1.4), and root's tools to make a
// month now or again (contract §1.15).
import {
  invoiceDateSchema,
  invoiceModelRowSchema,
  invoiceMonthSchema,
  listQuerySchema,
  pagedSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { InvoiceRunMode } from './invoices.repository.js';
import type { InvoicesService } from './invoices.service.js';

const TAG = 'invoices';
const timeParams = z.object({ time: z.string().max(32, 'billing.invoices.errors.date') });

/** The bill routes, bound to the service. */
export function invoiceRoutes(service: InvoicesService): AnyRoute[] {
  const make = (mode: InvoiceRunMode, url: string, summary: string) =>
    defineRoute({
      method: 'POST',
      url,
      guard: 'root',
      tag: TAG,
      summary,
      params: timeParams,
      handler: async ({ params, reply, t }) => {
        const made = await service.makeMonth(params.time, mode);
        const key =
          mode === 'replace'
            ? 'billing.invoices.messages.regenerated'
            : made
              ? 'billing.invoices.messages.generated'
              : 'billing.invoices.messages.exists';
        return reply.send({ success: true, message: t(key, { month: params.time.slice(0, 7) }) });
      },
    });
  return [
    defineRoute({
      method: 'GET',
      url: '/api/user/invoice',
      guard: 'user',
      tag: TAG,
      summary:
        "The caller's monthly bills (order date, request_count, quota, prompt_tokens, completion_tokens, request_time; default -date); refused while UserInvoiceMonth is off",
      query: listQuerySchema,
      reply: pagedSchema(invoiceMonthSchema),
      handler: ({ user, query }) => service.list(user.id, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/user/invoice/detail',
      guard: 'user',
      tag: TAG,
      summary: "One month of the caller's bills per model (date = YYYY-MM-DD, any day of the month)",
      query: z.object({ date: invoiceDateSchema }),
      reply: z.array(invoiceModelRowSchema),
      handler: ({ user, query }) => service.detail(user.id, query.date),
    }),
    make(
      'missing',
      '/api/option/invoice/gen/:time',
      'Make the bills of a month that is over (time = YYYY-MM-DD) unless they are made; message only',
    ),
    make(
      'replace',
      '/api/option/invoice/update/:time',
      'Make the bills of a month that is over again from its consume logs; message only',
    ),
  ];
}
