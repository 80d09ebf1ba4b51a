import { z } from 'zod';

/** Async task statuses (contract §4.2). */
export const TASK_STATUSES = [
  'NOT_START',
  'SUBMITTED',
  'QUEUED',
  'IN_PROGRESS',
  'SUCCESS',
  'FAILURE',
  'UNKNOWN',
] as const;
/** Task platforms (contract §4.6). */
export const TASK_PLATFORMS = ['suno', 'kling'] as const;
/** The Suno action whose `data` has `user_id` entries scrubbed in the self list (contract §1.14). */
export const SUNO_MUSIC_ACTION = 'MUSIC';
/** Fields a task list may be sorted by (contract §1.14; `status` is gw's addition, the console sorts it). */
export const TASK_SORT_FIELDS = [
  'id',
  'created_at',
  'submit_time',
  'finish_time',
  'channel_id',
  'user_id',
  'platform',
  'status',
] as const;

/** An async task as the API returns it (contract §2.14); times are unix seconds. */
export const taskSchema = z.looseObject({
  id: z.number().int(),
  created_at: z.number().int().default(0),
  updated_at: z.number().int().default(0),
  task_id: z.string().default(''),
  platform: z.string().default(''),
  user_id: z.number().int().default(0),
  channel_id: z.number().int().default(0),
  quota: z.number().int().default(0),
  action: z.string().default(''),
  status: z.string().default(''),
  fail_reason: z.string().default(''),
  submit_time: z.number().int().default(0),
  start_time: z.number().int().default(0),
  finish_time: z.number().int().default(0),
  progress: z.number().int().default(0),
  properties: z.unknown().optional(),
  data: z.unknown().optional(),
  notify_hook: z.string().default(''),
  token_id: z.number().int().default(0),
});
export type Task = z.output<typeof taskSchema>;

/** Filters of the self list; times are unix seconds on `submit_time`. */
export interface TaskSelfQuery {
  page?: number;
  size?: number;
  order?: string;
  token_id?: number;
  platform?: string;
  task_id?: string;
  action?: string;
  status?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

/** Filters of the admin list; `user_ids` is sent comma-separated (gw also takes the repeated form). */
export interface TaskListQuery extends Omit<TaskSelfQuery, 'token_id'> {
  channel_id?: number;
  user_id?: number;
  user_ids?: number[];
}

/** Removes every `user_id` entry from a Suno result, at any depth (what the self list shows). */
export function scrubUserIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubUserIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'user_id')
        .map(([key, item]) => [key, scrubUserIds(item)]),
    );
  }
  return value;
}

/** The i18n key of a task status. */
export function taskStatusKey(status: string): string {
  return (TASK_STATUSES as readonly string[]).includes(status)
    ? `tasks.status.${status.toLowerCase()}`
    : 'tasks.unknown';
}
