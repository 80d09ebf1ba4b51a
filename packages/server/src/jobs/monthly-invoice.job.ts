// The monthly bill job (gateway-behaviour §12.3, §15): once at start and every day at 04:00 local time,
// makes last month's bills while UserInvoiceMonth is on. Every process may run it: the month's run row
// (invoice_month_runs) lets exactly one of them make a month, so a month is made once.
import { nowSeconds, previousInvoiceMonth } from '@gw/core';
import type { FastifyBaseLogger } from 'fastify';

/** What the job calls: whether bills are on, and "make this month unless made" (true when it made it). */
export interface MonthlyInvoiceMaker {
  enabled(): Promise<boolean>;
  makeMonth(time: string, mode: 'missing', now?: number): Promise<boolean>;
}

/** The local hour the daily check runs at (one-hub's 04:00). */
export const INVOICE_JOB_HOUR = 4;

/** Milliseconds from `now` to the next local `hour`:00 (tomorrow's when today's has passed). */
export function msUntilNextRun(now: Date, hour = INVOICE_JOB_HOUR): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** The job: `runOnce` makes last month when due; `start` runs it now and daily; `stop` waits for a run. */
export function createMonthlyInvoiceJob(maker: MonthlyInvoiceMaker, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;

  const runOnce = async (now = new Date()): Promise<boolean> => {
    if (!(await maker.enabled())) return false;
    const month = previousInvoiceMonth(now);
    const made = await maker.makeMonth(month, 'missing', nowSeconds());
    if (made) log.info({ month }, 'monthly bills made');
    return made;
  };
  const tick = () => {
    if (stopped) return;
    running = runOnce()
      .catch((error: unknown) => {
        log.error({ err: error }, 'the monthly bill job failed');
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    timer = setTimeout(tick, msUntilNextRun(new Date()));
    // A waiting job never keeps the process alive.
    timer.unref();
  };
  return {
    runOnce,
    start: () => {
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
