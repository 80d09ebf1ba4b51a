import type { ColumnDef } from '../../format/columns.js';
import { type Midjourney, midjourneyStatusKey } from './midjourney.schema.js';

/** Seconds between two millisecond times, or '' while unfinished. */
function durationSeconds(start: number, finish: number): string {
  return start > 0 && finish >= start ? `${((finish - start) / 1000).toFixed(1)}s` : '';
}

/** The Midjourney table's columns (console-screens §20); channel and user show to admins only. */
export const MIDJOURNEY_COLUMNS: readonly ColumnDef<Midjourney>[] = [
  {
    id: 'mj_id',
    titleKey: 'tasks.fields.task_id',
    sortField: 'mj_id',
    priority: 1,
    value: (row) => row.mj_id,
  },
  {
    id: 'submit_time',
    titleKey: 'tasks.fields.submit_time',
    sortField: 'submit_time',
    priority: 2,
    value: (row, ctx) => ctx.time(Math.floor(row.submit_time / 1000)),
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
    id: 'action',
    titleKey: 'tasks.fields.action',
    sortField: 'action',
    priority: 2,
    value: (row) => row.action,
  },
  {
    id: 'status',
    titleKey: 'tasks.fields.status',
    sortField: 'status',
    priority: 1,
    value: (row, ctx) => ctx.t(midjourneyStatusKey(row.status)),
  },
  { id: 'progress', titleKey: 'tasks.fields.progress', priority: 3, value: (row) => row.progress },
  {
    id: 'duration',
    titleKey: 'tasks.fields.duration',
    priority: 4,
    value: (row) => durationSeconds(row.start_time, row.finish_time),
  },
  { id: 'prompt', titleKey: 'tasks.fields.prompt', priority: 5, value: (row) => row.prompt },
  { id: 'fail_reason', titleKey: 'tasks.fields.fail_reason', priority: 5, value: (row) => row.fail_reason },
];
