import { type ChipTone, jobDurationChip } from '../../format/chips.js';
import type { ColumnDef } from '../../format/columns.js';
import { jobOwnerColumns } from '../../format/job-columns.js';
import { jobSeconds, jobSecondsText } from '../../format/time.js';
import { type Task, taskStatusKey } from './tasks.schema.js';

/** How much of a failure reason a cell shows before its tooltip (console-screens §21). */
export const TASK_TEXT_LIMIT = 30;

/** Seconds from submission to finish; undefined while unfinished. */
export function taskSeconds(task: Task): number | undefined {
  return jobSeconds(task.submit_time, task.finish_time);
}

const STATUS_TONES: Record<string, ChipTone> = {
  SUCCESS: 'success',
  NOT_START: 'default',
  SUBMITTED: 'info',
  QUEUED: 'info',
  IN_PROGRESS: 'primary',
  FAILURE: 'error',
};

/** The i18n key of a platform (Suno, Kling), or the name as it is for another. */
export function taskPlatformText(platform: string, t: (key: string) => string): string {
  return platform === 'suno' || platform === 'kling' ? t(`tasks.platform.${platform}`) : platform;
}

/**
 * The async task table's columns (console-screens §21): channel and user show to admins only; the
 * status opens the task's result (the web's dialog, see `taskDetail`).
 */
export const TASK_COLUMNS: readonly ColumnDef<Task>[] = [
  { id: 'task_id', titleKey: 'tasks.fields.task_id', priority: 1, copy: true, value: (row) => row.task_id },
  {
    id: 'submit_time',
    titleKey: 'tasks.fields.submit_time',
    sortField: 'submit_time',
    // Phones keep the id, the type, the state and the result; the time scrolls in beside them.
    priority: 3,
    value: (row, ctx) => (row.submit_time ? ctx.time(row.submit_time) : ''),
  },
  {
    id: 'finish_time',
    titleKey: 'tasks.fields.finish_time',
    sortField: 'finish_time',
    priority: 4,
    value: (row, ctx) => (row.finish_time ? ctx.time(row.finish_time) : ''),
  },
  ...jobOwnerColumns<Task>(),
  {
    id: 'platform',
    titleKey: 'tasks.fields.platform',
    sortField: 'platform',
    priority: 2,
    chip: true,
    chipStyle: () => ({ tone: 'secondary' }),
    value: (row, ctx) => taskPlatformText(row.platform, ctx.t),
  },
  {
    id: 'action',
    titleKey: 'tasks.fields.action',
    priority: 3,
    chip: true,
    chipStyle: () => ({ tone: 'primary', variant: 'outlined' }),
    value: (row) => row.action,
  },
  {
    id: 'duration',
    titleKey: 'tasks.fields.duration',
    priority: 4,
    chip: true,
    chipStyle: (row) => jobDurationChip(taskSeconds(row)),
    value: (row) => jobSecondsText(taskSeconds(row)),
  },
  { id: 'progress', titleKey: 'tasks.fields.progress', priority: 3, value: (row) => `${row.progress}%` },
  {
    id: 'status',
    titleKey: 'tasks.fields.status',
    sortField: 'status',
    priority: 1,
    chip: true,
    chipStyle: (row) => ({ tone: STATUS_TONES[row.status] ?? 'default' }),
    value: (row, ctx) => ctx.t(taskStatusKey(row.status)),
  },
  {
    id: 'fail_reason',
    titleKey: 'tasks.fields.fail_reason',
    priority: 5,
    truncate: TASK_TEXT_LIMIT,
    value: (row) => row.fail_reason,
  },
];
