// Stored task rows → contract §2.14: JSON columns decoded; the self list hides the channel and scrubs
// `user_id` entries from Suno music results.
import { SUNO_MUSIC_ACTION, scrubUserIds, type Task } from '@gw/core';
import type { StoredTask } from './tasks.repository.js';

/** Decodes a JSON column; a broken or empty one reads as null. */
function decode(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The wire Task; `forSelf` answers channel_id 0 and scrubs Suno music data (contract §1.14). */
export function taskRowToTask(row: StoredTask, forSelf: boolean): Task {
  const data = decode(row.data);
  const scrub = forSelf && row.platform === 'suno' && row.action === SUNO_MUSIC_ACTION;
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    task_id: row.task_id,
    platform: row.platform,
    user_id: row.user_id,
    channel_id: forSelf ? 0 : row.channel_id,
    quota: row.quota,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason,
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    progress: row.progress,
    properties: decode(row.properties),
    data: scrub ? scrubUserIds(data) : data,
    notify_hook: row.notify_hook,
    token_id: row.token_id,
  };
}
