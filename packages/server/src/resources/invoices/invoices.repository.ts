// SQL for monthly bills: summing a month's consume logs per user and model, storing those lines once per
// month (guarded by `invoice_month_runs`), and reading a user's months and one month's lines.
import { LOG_TYPE } from '@gw/core';
import { type Selectable, sql } from 'kysely';
import type { DatabaseKind } from '../../config.js';
import type { GwDb } from '../../db/database.js';
import type { InvoiceMonthRow } from '../../db/tables.js';
import type { ListRequest } from '../../shared/listing.js';

export type InvoiceLine = Omit<InvoiceMonthRow, 'date'>;
export type InvoiceSortField =
  | 'date'
  | 'request_count'
  | 'quota'
  | 'prompt_tokens'
  | 'completion_tokens'
  | 'request_time';

/** How a month is made: only when not made yet, or again over what was made. */
export type InvoiceRunMode = 'missing' | 'replace';

// Lines are written in chunks: 8 values each stays far below every dialect's parameter limit.
const INSERT_CHUNK = 500;
const SUMMED = ['request_count', 'quota', 'prompt_tokens', 'completion_tokens', 'request_time'] as const;

const toNumber = (value: unknown) => Number(value ?? 0);

/** The bill tables and the logs they are made from. */
export function createInvoicesRepository(db: GwDb, kind: DatabaseKind) {
  return {
    /** Whether a month's bills are made. */
    async hasRun(date: string): Promise<boolean> {
      const row = await db
        .selectFrom('invoice_month_runs')
        .select('date')
        .where('date', '=', date)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Consume logs from `start` (inclusive) to `end` (exclusive), unix seconds, summed per user and model. */
    async sumConsumeLogs(start: number, end: number): Promise<InvoiceLine[]> {
      const sum = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`;
      const rows = await db
        .selectFrom('logs')
        .where('type', '=', LOG_TYPE.consume)
        .where('created_at', '>=', start)
        .where('created_at', '<', end)
        .select([
          'user_id',
          'model_name',
          (eb) => eb.fn.countAll<number | string>().as('request_count'),
          sum('quota').as('quota'),
          sum('prompt_tokens').as('prompt_tokens'),
          sum('completion_tokens').as('completion_tokens'),
          sum('request_time').as('request_time'),
        ])
        .groupBy(['user_id', 'model_name'])
        .execute();
      return rows.map((row) => ({
        user_id: row.user_id,
        model_name: row.model_name,
        request_count: toNumber(row.request_count),
        quota: toNumber(row.quota),
        prompt_tokens: toNumber(row.prompt_tokens),
        completion_tokens: toNumber(row.completion_tokens),
        request_time: toNumber(row.request_time),
      }));
    },

    /**
     * Stores a month's lines in one transaction that first claims the month's run row: in `missing` mode
     * a month another process claimed is left alone (false), in `replace` mode the claim waits for any
     * other maker of that month and then replaces its lines. Either way a month never holds two sets.
     */
    async storeMonth(date: string, lines: readonly InvoiceLine[], mode: InvoiceRunMode, now: number) {
      return db.transaction().execute(async (trx) => {
        const run = trx.insertInto('invoice_month_runs').values({ date, created_at: now });
        if (mode === 'missing') {
          const claimed =
            kind === 'mysql'
              ? await run.ignore().executeTakeFirst()
              : await run.onConflict((conflict) => conflict.column('date').doNothing()).executeTakeFirst();
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        } else if (kind === 'mysql') {
          await run.onDuplicateKeyUpdate({ created_at: now }).execute();
        } else {
          await run
            .onConflict((conflict) => conflict.column('date').doUpdateSet({ created_at: now }))
            .execute();
        }
        await trx.deleteFrom('invoice_months').where('date', '=', date).execute();
        for (let index = 0; index < lines.length; index += INSERT_CHUNK) {
          const chunk = lines.slice(index, index + INSERT_CHUNK).map((line) => ({ ...line, date }));
          await trx.insertInto('invoice_months').values(chunk).execute();
        }
        return true;
      });
    },

    /** One page of a user's months, each the sum of its lines, ordered by the validated terms. */
    async listMonths(userId: number, request: ListRequest<InvoiceSortField>) {
      const base = db.selectFrom('invoice_months').where('user_id', '=', userId);
      const countRow = await base
        .select(sql<number | string>`count(distinct ${sql.ref('date')})`.as('n'))
        .executeTakeFirst();
      let query = base.select([
        'date',
        ...SUMMED.map((column) => sql<number | string>`sum(${sql.ref(column)})`.as(column)),
      ]);
      for (const [field, direction] of request.orders) {
        // The summed columns sort by their sums (the same expression: PostgreSQL wants it spelt out).
        query = query.orderBy(field === 'date' ? sql.ref('date') : sql`sum(${sql.ref(field)})`, direction);
      }
      const rows = await query
        .groupBy('date')
        .limit(request.size)
        .offset((request.page - 1) * request.size)
        .execute();
      return {
        rows: rows.map((row) => ({
          date: row.date,
          ...Object.fromEntries(SUMMED.map((column) => [column, toNumber(row[column])])),
        })) as Array<Omit<Selectable<InvoiceMonthRow>, 'user_id' | 'model_name'>>,
        total: toNumber(countRow?.n),
      };
    },

    /** A user's lines of one month, by model. */
    async monthLines(userId: number, date: string): Promise<Selectable<InvoiceMonthRow>[]> {
      const rows = await db
        .selectFrom('invoice_months')
        .selectAll()
        .where('user_id', '=', userId)
        .where('date', '=', date)
        .orderBy('model_name')
        .execute();
      return rows.map((row) => ({
        ...row,
        ...Object.fromEntries(SUMMED.map((column) => [column, toNumber(row[column])])),
      }));
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
