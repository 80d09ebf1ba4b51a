import type { ColumnDef } from '../../format/columns.js';
import { type Task, taskStatusKey } from './tasks.schema.js';

/** The async task table's columns (console-screens §21); channel and user show to admins only. */
export const TASK_COLUMNS: readonly ColumnDef<Task>[] = [
  { id: 'task_id', titleKey: 'tasks.fields.task_id', priority: 1, value: (row) => row.task_id },
  {
    id: 'submit_time',
    titleKey: 'tasks.fields.submit_time',
    sortField: 'submit_time',
    priority: 2,
    value: (row, ctx) => ctx.time(row.submit_time),
  },
  {
    id: 'finish_time',
    titleKey: 'tasks.fields.finish_time',
    sortField: 'finish_time',
    priority: 4,
    value: (row, ctx) => (row.finish_time ? ctx.time(row.finish_time) : ''),
  },
  {
    id: 'channel_id',
    titleKey: 'tasks.fields.channel_id',
    sortField: 'channel_id',
    priority: 4,
    value: (row) => String(row.channel_id),
  },
  {
    id: 'user_id',
    titleKey: 'tasks.fields.user_id',
    sortField: 'user_id',
    priority: 4,
    value: (row) => String(row.user_id),
  },
  {
    id: 'platform',
    titleKey: 'tasks.fields.platform',
    sortField: 'platform',
    priority: 2,
    value: (row) => row.platform,
  },
  { id: 'action', titleKey: 'tasks.fields.action', priority: 3, value: (row) => row.action },
  { id: 'progress', titleKey: 'tasks.fields.progress', priority: 3, value: (row) => `${row.progress}%` },
  {
    id: 'status',
    titleKey: 'tasks.fields.status',
    priority: 1,
    value: (row, ctx) => ctx.t(taskStatusKey(row.status)),
  },
  { id: 'fail_reason', titleKey: 'tasks.fields.fail_reason', priority: 5, value: (row) => row.fail_reason },
];
