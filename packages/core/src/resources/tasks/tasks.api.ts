import type { ApiClient } from '../../http/client.js';
import { type Paged, pagedSchema } from '../../http/envelope.js';
import { type Task, type TaskListQuery, type TaskSelfQuery, taskSchema } from './tasks.schema.js';

export const taskPageSchema = pagedSchema(taskSchema);

/** Lists every async task (admin). */
export function listTasks(client: ApiClient, query: TaskListQuery = {}): Promise<Paged<Task>> {
  const { user_ids, ...rest } = query;
  return client.request('GET', '/api/task/', taskPageSchema, {
    query: { ...rest, user_ids: user_ids?.length ? user_ids.join(',') : undefined },
  });
}

/** Lists the caller's async tasks (channel_id is 0; Suno music results carry no `user_id`). */
export function listSelfTasks(client: ApiClient, query: TaskSelfQuery = {}): Promise<Paged<Task>> {
  return client.request('GET', '/api/task/self', taskPageSchema, { query: { ...query } });
}
