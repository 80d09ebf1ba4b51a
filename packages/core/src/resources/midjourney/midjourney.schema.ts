import { z } from 'zod';

/** Midjourney job statuses (contract §4.2). */
export const MIDJOURNEY_STATUSES = [
  'NOT_START',
  'SUBMITTED',
  'IN_PROGRESS',
  'SUCCESS',
  'FAILURE',
  'MODAL',
] as const;
/** Submit codes (contract §2.13): 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
export const MIDJOURNEY_CODES = { not_submitted: 0, submitted: 1, waiting: 21, duplicate: 22 } as const;
/** Actions (contract §2.13). */
export const MIDJOURNEY_ACTIONS = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'HIGH_VARIATION',
  'LOW_VARIATION',
  'PAN',
  'DESCRIBE',
  'BLEND',
  'SHORTEN',
  'REROLL',
  'INPAINT',
  'ZOOM',
  'CUSTOM_ZOOM',
  'MODAL',
  'SWAP_FACE',
  'UPLOAD',
] as const;
/** Fields a Midjourney list may be sorted by (contract §1.14). */
export const MIDJOURNEY_SORT_FIELDS = [
  'id',
  'user_id',
  'code',
  'action',
  'mj_id',
  'submit_time',
  'start_time',
  'finish_time',
  'status',
  'channel_id',
] as const;

/** A Midjourney job as the API returns it (contract §2.13); times are unix **milliseconds**. */
export const midjourneySchema = z.looseObject({
  id: z.number().int(),
  code: z.number().int().default(0),
  user_id: z.number().int().default(0),
  action: z.string().default(''),
  mj_id: z.string().default(''),
  prompt: z.string().default(''),
  prompt_en: z.string().default(''),
  description: z.string().default(''),
  state: z.string().default(''),
  submit_time: z.number().int().default(0),
  start_time: z.number().int().default(0),
  finish_time: z.number().int().default(0),
  image_url: z.string().default(''),
  status: z.string().default(''),
  progress: z.string().default(''),
  fail_reason: z.string().default(''),
  channel_id: z.number().int().default(0),
  quota: z.number().int().default(0),
  buttons: z
    .string()
    .nullable()
    .default('')
    .transform((text) => text ?? ''),
  properties: z
    .string()
    .nullable()
    .default('')
    .transform((text) => text ?? ''),
  mode: z.string().optional(),
  token_id: z.number().int().default(0),
});
export type Midjourney = z.output<typeof midjourneySchema>;

/** Filters of the self list; times are unix milliseconds on `submit_time`. */
export interface MidjourneySelfQuery {
  page?: number;
  size?: number;
  order?: string;
  mj_id?: string;
  token_id?: number;
  start_timestamp?: number;
  end_timestamp?: number;
}

/** Filters of the admin list (adds the channel). */
export interface MidjourneyListQuery extends Omit<MidjourneySelfQuery, 'token_id'> {
  channel_id?: number;
}

/** The i18n key of a job status. */
export function midjourneyStatusKey(status: string): string {
  return (MIDJOURNEY_STATUSES as readonly string[]).includes(status)
    ? `tasks.mj_status.${status.toLowerCase()}`
    : 'tasks.unknown';
}
