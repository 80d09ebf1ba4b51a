// SQL for the analytics screen (contract §1.16). Figures over time are grouped into 15-minute buckets
// in SQL (portable integer arithmetic on every dialect) and folded into server-local dates by the
// service, so a date is `YYYY-MM-DD` everywhere and follows the server's time zone, DST included.
import { LOG_TYPE } from '@gw/core';
import { sql } from 'kysely';
import type { GwDb } from '../../db/database.js';

/** Width of the time buckets: every real UTC offset is a multiple of 15 minutes. */
export const BUCKET_SECONDS = 900;

const bucketOf = (column: string) =>
  sql<number>`(${sql.ref(column)} - ${sql.ref(column)} % ${sql.lit(BUCKET_SECONDS)})`;
const sumOf = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`;
const num = (value: unknown) => Number(value ?? 0);

/** Consume-log usage in one bucket for one group key (model name, channel id or owner). */
export interface BucketUsage {
  bucket: number;
  key: string;
  requestCount: number;
  quota: number;
  promptTokens: number;
  completionTokens: number;
  requestTime: number;
}

/** The analytics reads. */
export function createAnalyticsRepository(db: GwDb) {
  return {
    async userTotals() {
      const row = await db
        .selectFrom('users')
        .select([
          sumOf('quota').as('total_quota'),
          sumOf('used_quota').as('total_used_quota'),
          (eb) => eb.fn.countAll<number | string>().as('total_user'),
          sql<number | string>`sum(case when ${sql.ref('inviter_id')} <> 0 then 1 else 0 end)`.as('inviters'),
        ])
        .executeTakeFirst();
      return {
        total_quota: num(row?.total_quota),
        total_used_quota: num(row?.total_used_quota),
        total_user: num(row?.total_user),
        total_inviter_user: num(row?.inviters),
      };
    },
    /** Codes per status, disabled ones left out (contract §1.16). */
    async redemptionTotals() {
      const rows = await db
        .selectFrom('redemptions')
        .where('status', '<>', 2)
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count'), sumOf('quota').as('quota')])
        .groupBy('status')
        .orderBy('status')
        .execute();
      return rows.map((row) => ({ count: num(row.count), quota: num(row.quota), status: row.status }));
    },
    /** Successful orders per charge currency. */
    async orderTotals() {
      const rows = await db
        .selectFrom('orders')
        .where('status', '=', 'success')
        .select(['order_currency', sumOf('quota').as('quota'), sumOf('order_amount').as('money')])
        .groupBy('order_currency')
        .orderBy('order_currency')
        .execute();
      return rows.map((row) => ({
        quota: num(row.quota),
        money: num(row.money),
        order_currency: row.order_currency,
      }));
    },
    /** Users created per bucket in [start, end], and how many of them were invited. */
    async usersByBucket(start: number, end: number) {
      const bucket = bucketOf('created_time');
      const rows = await db
        .selectFrom('users')
        .where('created_time', '>=', start)
        .where('created_time', '<=', end)
        .select([
          bucket.as('bucket'),
          (eb) => eb.fn.countAll<number | string>().as('users'),
          sql<number | string>`sum(case when ${sql.ref('inviter_id')} <> 0 then 1 else 0 end)`.as('invited'),
        ])
        .groupBy(sql`1`)
        .execute();
      return rows.map((row) => ({
        bucket: num(row.bucket),
        users: num(row.users),
        invited: num(row.invited),
      }));
    },
    /** Codes redeemed per bucket: quota and distinct users. */
    async redemptionsByBucket(start: number, end: number) {
      const rows = await db
        .selectFrom('redemptions')
        .where('status', '=', 3)
        .where('redeemed_time', '>=', start)
        .where('redeemed_time', '<=', end)
        .select(['redeemed_time', 'quota', 'used_user_id'])
        .execute();
      return rows.map((row) => ({ time: row.redeemed_time, quota: row.quota, userId: row.used_user_id }));
    },
    /** Successful orders per bucket: the money charged. */
    async ordersByBucket(start: number, end: number) {
      const bucket = bucketOf('created_at');
      const rows = await db
        .selectFrom('orders')
        .where('status', '=', 'success')
        .where('created_at', '>=', start)
        .where('created_at', '<=', end)
        .select([bucket.as('bucket'), sumOf('order_amount').as('amount')])
        .groupBy(sql`1`)
        .execute();
      return rows.map((row) => ({ bucket: num(row.bucket), amount: num(row.amount) }));
    },
    /** Consume-log usage per bucket, grouped by model name or channel id; one user's only when given. */
    async usageByBucket(start: number, end: number, groupBy: 'model_name' | 'channel_id', userId: number) {
      let query = db
        .selectFrom('logs')
        .where('type', '=', LOG_TYPE.consume)
        .where('created_at', '>=', start)
        .where('created_at', '<=', end);
      if (userId > 0) query = query.where('user_id', '=', userId);
      const rows = await query
        .select([
          bucketOf('created_at').as('bucket'),
          sql<string | number>`${sql.ref(groupBy)}`.as('key'),
          (eb) => eb.fn.countAll<number | string>().as('request_count'),
          sumOf('quota').as('quota'),
          sumOf('prompt_tokens').as('prompt_tokens'),
          sumOf('completion_tokens').as('completion_tokens'),
          sumOf('request_time').as('request_time'),
        ])
        // By position: PostgreSQL does not match a parameterised expression in GROUP BY to SELECT's.
        .groupBy([sql`1`, sql`2`])
        .execute();
      return rows.map(
        (row): BucketUsage => ({
          bucket: num(row.bucket),
          key: String(row.key ?? ''),
          requestCount: num(row.request_count),
          quota: num(row.quota),
          promptTokens: num(row.prompt_tokens),
          completionTokens: num(row.completion_tokens),
          requestTime: num(row.request_time),
        }),
      );
    },
    /** Channels per status (the screen's active / disabled / test-disabled counts). */
    async channelCountsByStatus() {
      const rows = await db
        .selectFrom('channels')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('total')])
        .groupBy('status')
        .orderBy('status')
        .execute();
      return rows.map((row) => ({ total_channels: num(row.total), status: row.status }));
    },
    /** Names of the given channel ids. */
    async channelNames(ids: readonly number[]): Promise<ReadonlyMap<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('channels')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    /** Model name → owner name, through each model's price (channel type) and the owner table. */
    async modelOwners(): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('prices')
        .innerJoin('model_ownedby', 'model_ownedby.id', 'prices.channel_type')
        .select(['prices.model', 'model_ownedby.name'])
        .execute();
      return new Map(rows.map((row) => [row.model, row.name]));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
