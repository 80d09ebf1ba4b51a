// Stored Midjourney rows → contract §2.13; `mode` only when set (omitempty), channel hidden in self lists.
import type { Midjourney } from '@gw/core';
import type { StoredMidjourney } from './midjourney.repository.js';

/** The wire Midjourney job; `showChannel` false answers channel_id 0 (the self list). */
export function midjourneyRowToWire(row: StoredMidjourney, showChannel: boolean): Midjourney {
  return {
    id: row.id,
    code: row.code,
    user_id: row.user_id,
    action: row.action,
    mj_id: row.mj_id,
    prompt: row.prompt,
    prompt_en: row.prompt_en,
    description: row.description,
    state: row.state,
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    image_url: row.image_url,
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason,
    channel_id: showChannel ? row.channel_id : 0,
    quota: row.quota,
    buttons: row.buttons,
    properties: row.properties,
    ...(row.mode ? { mode: row.mode } : {}),
    token_id: row.token_id,
  };
}
