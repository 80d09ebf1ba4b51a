// GET /api/task/ (admin) and /api/task/self (user), contract §1.14; times are unix seconds.
import { listQuerySchema, pagedSchema, TASK_SORT_FIELDS, taskSchema } from '@gw/core';
import { z } from 'zod';
import { intFilter, timestampFilter, intListFilter } from '../../shared/int-filter.js';
import { listRequest } from '../../shared/listing.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { TaskFilters, TasksRepository } from './tasks.repository.js';
import { taskRowToTask } from './tasks.wire.js';

const shared = {
  platform: z.string().default(''),
  task_id: z.string().default(''),
  action: z.string().default(''),
  status: z.string().default(''),
  start_timestamp: timestampFilter,
  end_timestamp: timestampFilter,
};
const selfQuery = listQuerySchema.extend({ ...shared, token_id: intFilter });
const adminQuery = listQuerySchema.extend({
  ...shared,
  channel_id: intFilter,
  user_id: intFilter,
  // Repeatable (`user_ids=1&user_ids=2`) or comma-separated (`user_ids=1,2`, what gw's client sends).
  user_ids: z.preprocess(
    (value) => (typeof value === 'string' && value.includes(',') ? value.split(',') : value),
    intListFilter,
  ),
});

/** The task list routes, bound to the repository. */
export function taskRoutes(tasks: TasksRepository): AnyRoute[] {
  const page = async (query: z.output<typeof listQuerySchema>, filters: TaskFilters, forSelf: boolean) => {
    const request = listRequest(query, TASK_SORT_FIELDS);
    const { rows, total } = await tasks.list(filters, request);
    return {
      data: rows.map((row) => taskRowToTask(row, forSelf)),
      page: request.page,
      size: request.size,
      total_count: total,
    };
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/api/task/',
      guard: 'admin',
      tag: 'tasks',
      summary: 'List every async task (filters platform, channel, task, user(s), action, status, time in s)',
      query: adminQuery,
      reply: pagedSchema(taskSchema),
      handler: ({ query }) => page(query, { ...query, token_id: 0 }, false),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/task/self',
      guard: 'user',
      tag: 'tasks',
      summary: "List the caller's async tasks (Suno music results without user_id entries)",
      query: selfQuery,
      reply: pagedSchema(taskSchema),
      handler: ({ user, query }) =>
        page(query, { ...query, user_id: user.id, user_ids: [], channel_id: 0 }, true),
    }),
  ];
}
