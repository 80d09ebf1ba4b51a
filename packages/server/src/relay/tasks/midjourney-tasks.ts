// Midjourney task rows (spec §2.4): stored when a submit is accepted, read back by the fetch routes (from
// the local database, scoped to the caller), and shown in the Midjourney-Proxy task shape.
import type { Insertable, Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { MidjourneyRow } from '../../db/tables.js';
import type { RouteSuccess } from '../pipeline/relay-handler.js';
import { readSubmitReply } from '../providers/midjourney/midjourney-provider.js';

/** A task is open until it reached 100% or failed. */
export const MJ_DONE_PROGRESS = '100%';
export const MJ_FAILURE = 'FAILURE';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

/** The row of an accepted submit (its quota is the submit's charge; refunded if the task fails). */
export function submittedTaskRow(success: RouteSuccess, now: number): Insertable<MidjourneyRow> {
  const reply = readSubmitReply(success.reply.body);
  const body = success.read.body as Record<string, unknown>;
  const path = success.read.midjourney ?? { action: 'IMAGINE', mode: 'fast' as const };
  return {
    code: reply?.code ?? 1,
    user_id: success.caller.userId,
    action: path.action,
    mj_id: reply?.result ?? '',
    prompt: text(body.prompt),
    prompt_en: '',
    description: reply?.description ?? '',
    state: text(body.state),
    submit_time: now,
    start_time: 0,
    finish_time: 0,
    image_url: '',
    status: 'NOT_START',
    progress: '0%',
    fail_reason: '',
    channel_id: success.channel.id,
    quota: success.quota,
    buttons: '',
    properties: json(reply?.properties),
    mode: path.mode,
    token_id: success.caller.tokenId,
  };
}

export async function storeSubmittedTask(db: GwDb, success: RouteSuccess): Promise<void> {
  await db.insertInto('midjourneys').values(submittedTaskRow(success, Date.now())).execute();
}

function parsed(value: string): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** A stored task in the Midjourney-Proxy shape its clients read (`GET /mj/task/:id/fetch`). */
export function midjourneyTaskDto(row: Selectable<MidjourneyRow>): Record<string, unknown> {
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt,
    promptEn: row.prompt_en,
    description: row.description,
    state: row.state,
    submitTime: row.submit_time,
    startTime: row.start_time,
    finishTime: row.finish_time,
    imageUrl: row.image_url,
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason,
    buttons: parsed(row.buttons) ?? [],
    properties: parsed(row.properties) ?? {},
  };
}
