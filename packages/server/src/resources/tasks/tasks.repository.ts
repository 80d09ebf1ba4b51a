// SQL for the tasks table: the admin and self lists (contract §1.14). The relay writes the rows.
import type { Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { TaskRow } from '../../db/tables.js';
import { type ListRequest, pageOf } from '../../shared/listing.js';

export type StoredTask = Selectable<TaskRow>;

/** Filters; 0, '' and [] filter nothing; times are unix seconds on `submit_time`. */
export interface TaskFilters {
  user_id: number;
  user_ids: number[];
  channel_id: number;
  token_id: number;
  platform: string;
  task_id: string;
  action: string;
  status: string;
  start_timestamp: number;
  end_timestamp: number;
}

/** The tasks table. */
export function createTasksRepository(db: GwDb) {
  return {
    async list<F extends keyof TaskRow & string>(filters: TaskFilters, request: ListRequest<F>) {
      let base = db.selectFrom('tasks');
      if (filters.user_id) base = base.where('user_id', '=', filters.user_id);
      if (filters.user_ids.length > 0) base = base.where('user_id', 'in', filters.user_ids);
      if (filters.channel_id) base = base.where('channel_id', '=', filters.channel_id);
      if (filters.token_id) base = base.where('token_id', '=', filters.token_id);
      if (filters.platform) base = base.where('platform', '=', filters.platform);
      if (filters.task_id) base = base.where('task_id', '=', filters.task_id);
      if (filters.action) base = base.where('action', '=', filters.action);
      if (filters.status) base = base.where('status', '=', filters.status);
      if (filters.start_timestamp) base = base.where('submit_time', '>=', filters.start_timestamp);
      if (filters.end_timestamp) base = base.where('submit_time', '<=', filters.end_timestamp);
      return pageOf(base, request);
    },
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
