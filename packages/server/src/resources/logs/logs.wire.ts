// Stored log rows → the Log shape of contract §2.5.
import type { Log } from '@gw/core';
import type { StoredLog } from './logs.repository.js';

/** Reads the stored metadata text; a broken or non-object value reads as null. */
export function parseLogMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The wire Log; `channel` is `{id, name}` when the admin list found the channel, else null. */
export function logRowToLog(row: StoredLog, channel: { id: number; name: string } | null): Log {
  return {
    id: row.id,
    user_id: row.user_id,
    created_at: row.created_at,
    type: row.type,
    content: row.content,
    username: row.username,
    token_name: row.token_name,
    model_name: row.model_name,
    quota: row.quota,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    channel_id: row.channel_id,
    request_time: row.request_time,
    is_stream: Boolean(row.is_stream),
    source_ip: row.source_ip,
    metadata: parseLogMetadata(row.metadata),
    channel,
  };
}
