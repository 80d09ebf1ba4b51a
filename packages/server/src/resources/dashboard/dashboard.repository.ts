// SQL for the self dashboard, straight from the logs table: the (user_id, created_at) index bounds
// every query by the caller and the time window, so the cost does not grow with the table.
import { LOG_TYPE } from '@gw/core';
import { sql } from 'kysely';
import type { GwDb } from '../../db/database.js';

/** One (day, model) group; `day` indexes the day boundaries the caller passed. */
export interface DayModelUsage {
  day: number;
  modelName: string;
  requestCount: number;
  quota: number;
  promptTokens: number;
  completionTokens: number;
  requestTime: number;
}

/** The dashboard's reads over the logs table. */
export function createDashboardRepository(db: GwDb) {
  return {
    /**
     * The caller's consume logs grouped by day and model. `dayStarts` are ascending unix seconds of
     * local midnights (the last one is the end of today); the day is picked by a CASE over those
     * boundaries, so days follow the server's time zone (and its DST) on every dialect.
     */
    async usageByDayAndModel(userId: number, dayStarts: readonly number[]): Promise<DayModelUsage[]> {
      const first = dayStarts[0] ?? 0;
      const last = dayStarts[dayStarts.length - 1] ?? 0;
      const branches = dayStarts
        .slice(1, -1)
        .map((start, index) => sql`when ${sql.ref('created_at')} < ${start} then ${index}`);
      const day = sql<number>`case ${sql.join(branches, sql` `)} else ${dayStarts.length - 2} end`;
      const sum = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`;
      const rows = await db
        .selectFrom('logs')
        .where('user_id', '=', userId)
        .where('created_at', '>=', first)
        .where('created_at', '<', last)
        .where('type', '=', LOG_TYPE.consume)
        .select([
          day.as('day'),
          'model_name',
          (eb) => eb.fn.countAll<number | string>().as('request_count'),
          sum('quota').as('quota'),
          sum('prompt_tokens').as('prompt_tokens'),
          sum('completion_tokens').as('completion_tokens'),
          sum('request_time').as('request_time'),
        ])
        // By position: PostgreSQL does not match a parameterised CASE in GROUP BY to the one in SELECT.
        .groupBy([sql`1`, sql`2`])
        .execute();
      return rows.map((row) => ({
        day: Number(row.day),
        modelName: row.model_name,
        requestCount: Number(row.request_count),
        quota: Number(row.quota ?? 0),
        promptTokens: Number(row.prompt_tokens ?? 0),
        completionTokens: Number(row.completion_tokens ?? 0),
        requestTime: Number(row.request_time ?? 0),
      }));
    },
    /**
     * The caller's consume logs in [from, to) counted per quarter hour (unix seconds of its start): the
     * service gives each bucket its local day, so days follow the server's zone on every dialect, and
     * a quarter hour never straddles a local midnight in any real time zone. At most 35,136 rows a year.
     */
    async usageByQuarterHour(
      userId: number,
      from: number,
      to: number,
    ): Promise<Array<{ start: number; requestCount: number; quota: number }>> {
      const bucket = sql<number | string>`${sql.ref('created_at')} - (${sql.ref('created_at')} % 900)`;
      const rows = await db
        .selectFrom('logs')
        .where('user_id', '=', userId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('type', '=', LOG_TYPE.consume)
        .select([
          bucket.as('bucket'),
          (eb) => eb.fn.countAll<number | string>().as('request_count'),
          sql<number | string | null>`sum(${sql.ref('quota')})`.as('quota'),
        ])
        .groupBy(sql`1`)
        .execute();
      return rows.map((row) => ({
        start: Number(row.bucket),
        requestCount: Number(row.request_count),
        quota: Number(row.quota ?? 0),
      }));
    },
    /** The per-minute request limit (`api_rate`) of an enabled user group; 0 when none is set. */
    async groupApiRate(symbol: string): Promise<number> {
      const row = await db
        .selectFrom('user_groups')
        .select('api_rate')
        .where('symbol', '=', symbol)
        .where('enable', '=', 1)
        .executeTakeFirst();
      return Number(row?.api_rate ?? 0);
    },
    /** How many consume logs the user has from `since` (unix seconds) on. */
    async countConsumedSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('logs')
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .where('type', '=', LOG_TYPE.consume)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
