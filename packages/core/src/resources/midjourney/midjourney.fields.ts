import { type ChipTone, jobDurationChip } from '../../format/chips.js';
import type { ColumnDef } from '../../format/columns.js';
import { jobOwnerColumns } from '../../format/job-columns.js';
import { jobSeconds, jobSecondsText } from '../../format/time.js';
import {
  MIDJOURNEY_ACTIONS,
  MIDJOURNEY_CODES,
  type Midjourney,
  midjourneyStatusKey,
} from './midjourney.schema.js';

/** How much of a prompt or a failure reason a cell shows before its tooltip (console-screens §20). */
export const MIDJOURNEY_TEXT_LIMIT = 30;

/** Seconds from start to finish (the times are milliseconds); undefined while unfinished. */
export function midjourneySeconds(job: Midjourney): number | undefined {
  return jobSeconds(job.start_time, job.finish_time, 1000);
}

/** The i18n key of an action; an action gw does not know is `tasks.unknown` (and shows red). */
export function midjourneyActionKey(action: string): string {
  return (MIDJOURNEY_ACTIONS as readonly string[]).includes(action)
    ? `tasks.mj_action.${action.toLowerCase()}`
    : 'tasks.unknown';
}

const CODE_KEYS: Record<number, [string, ChipTone]> = {
  [MIDJOURNEY_CODES.submitted]: ['tasks.mj_code.submitted', 'success'],
  [MIDJOURNEY_CODES.waiting]: ['tasks.mj_code.waiting', 'info'],
  [MIDJOURNEY_CODES.duplicate]: ['tasks.mj_code.duplicate', 'warning'],
  [MIDJOURNEY_CODES.not_submitted]: ['tasks.mj_code.not_submitted', 'error'],
};

const STATUS_TONES: Record<string, ChipTone> = {
  SUCCESS: 'success',
  NOT_START: 'default',
  SUBMITTED: 'info',
  IN_PROGRESS: 'primary',
  FAILURE: 'error',
  MODAL: 'warning',
};

const text = (id: 'prompt' | 'prompt_en' | 'fail_reason', priority: number): ColumnDef<Midjourney> => ({
  id,
  titleKey: `tasks.fields.${id}`,
  priority,
  truncate: MIDJOURNEY_TEXT_LIMIT,
  value: (row) => row[id],
});

/**
 * The Midjourney table's columns (console-screens §20): channel, user, submit result and status show to
 * admins only, as in one-hub; the image column holds the result's URL (the web shows a preview button).
 */
export const MIDJOURNEY_COLUMNS: readonly ColumnDef<Midjourney>[] = [
  {
    id: 'mj_id',
    titleKey: 'tasks.fields.task_id',
    sortField: 'mj_id',
    priority: 1,
    copy: true,
    value: (row) => row.mj_id,
  },
  {
    id: 'submit_time',
    titleKey: 'tasks.fields.submit_time',
    sortField: 'submit_time',
    // Phones keep the id, the type, the state and the result; the time scrolls in beside them.
    priority: 3,
    value: (row, ctx) => (row.submit_time ? ctx.time(Math.floor(row.submit_time / 1000)) : ''),
  },
  ...jobOwnerColumns<Midjourney>(),
  {
    id: 'action',
    titleKey: 'tasks.fields.action',
    sortField: 'action',
    priority: 2,
    chip: true,
    chipStyle: (row) => ({ tone: midjourneyActionKey(row.action) === 'tasks.unknown' ? 'error' : 'primary' }),
    value: (row, ctx) => {
      const key = midjourneyActionKey(row.action);
      return key === 'tasks.unknown' ? row.action || ctx.t(key) : ctx.t(key);
    },
  },
  {
    id: 'code',
    titleKey: 'tasks.fields.code',
    priority: 3,
    adminOnly: true,
    chip: true,
    chipStyle: (row) => ({ tone: CODE_KEYS[row.code]?.[1] ?? 'default' }),
    value: (row, ctx) => ctx.t(CODE_KEYS[row.code]?.[0] ?? 'tasks.unknown'),
  },
  {
    id: 'status',
    titleKey: 'tasks.fields.status',
    sortField: 'status',
    priority: 2,
    adminOnly: true,
    chip: true,
    chipStyle: (row) => ({ tone: STATUS_TONES[row.status] ?? 'default' }),
    value: (row, ctx) => ctx.t(midjourneyStatusKey(row.status)),
  },
  { id: 'progress', titleKey: 'tasks.fields.progress', priority: 3, value: (row) => row.progress },
  {
    id: 'duration',
    titleKey: 'tasks.fields.duration',
    priority: 4,
    chip: true,
    chipStyle: (row) => jobDurationChip(midjourneySeconds(row)),
    value: (row) => jobSecondsText(midjourneySeconds(row)),
  },
  { id: 'image_url', titleKey: 'tasks.fields.image', priority: 2, value: (row) => row.image_url },
  text('prompt', 5),
  text('prompt_en', 6),
  text('fail_reason', 5),
];

/** The name a downloaded result image is saved under: `<mj_id>.png` (console-screens §20). */
export function midjourneyImageFileName(job: Pick<Midjourney, 'mj_id' | 'id'>): string {
  return `${(job.mj_id || String(job.id)).replace(/[\\/:*?"<>|]+/g, '_')}.png`;
}
