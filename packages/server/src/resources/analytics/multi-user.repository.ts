// SQL for the multi-user report: consume logs of a few usernames over a time range, served by the
// (username, created_at) index.
import { LOG_TYPE } from '@gw/core';
import { sql } from 'kysely';
import type { GwDb } from '../../db/database.js';

const sumOf = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`;
const num = (value: unknown) => Number(value ?? 0);

/** The multi-user reads. */
export function createMultiUserRepository(db: GwDb) {
  const consumed = (usernames: string[], start: number, end: number) =>
    db
      .selectFrom('logs')
      .where('type', '=', LOG_TYPE.consume)
      .where('username', 'in', usernames)
      .where('created_at', '>=', start)
      .where('created_at', '<=', end);
  return {
    async totals(usernames: string[], start: number, end: number) {
      const rows = await consumed(usernames, start, end)
        .select([
          'username',
          (eb) => eb.fn.countAll<number | string>().as('request_count'),
          sumOf('quota').as('quota'),
          sumOf('prompt_tokens').as('prompt_tokens'),
          sumOf('completion_tokens').as('completion_tokens'),
          sumOf('request_time').as('request_time'),
        ])
        .groupBy('username')
        .execute();
      return rows.map((row) => ({
        username: row.username,
        request_count: num(row.request_count),
        quota: num(row.quota),
        prompt_tokens: num(row.prompt_tokens),
        completion_tokens: num(row.completion_tokens),
        request_time: num(row.request_time),
      }));
    },
    async modelUsage(usernames: string[], start: number, end: number) {
      const rows = await consumed(usernames, start, end)
        .select(['username', 'model_name', (eb) => eb.fn.countAll<number | string>().as('request_count')])
        .groupBy(['username', 'model_name'])
        .orderBy('username')
        .orderBy('model_name')
        .execute();
      return rows.map((row) => ({
        username: row.username,
        model_name: row.model_name,
        request_count: num(row.request_count),
      }));
    },
  };
}

export type MultiUserRepository = ReturnType<typeof createMultiUserRepository>;
