// Writing a log row, for every resource that records one (top-ups, quota changes, registration gifts,
// and later the relay). One writer so the columns are filled the same way everywhere.
import { type Language, type LogType, nowSeconds, translate } from '@gw/core';
import type { Kysely } from 'kysely';
import type { GwTables } from '../db/tables.js';

/** What a resource knows about the event it records; the rest takes the column defaults. */
export interface LogEntry {
  userId: number;
  type: LogType;
  /** Human text shown in the log's detail column. */
  content: string;
  username?: string;
  tokenName?: string;
  modelName?: string;
  /** Points charged (consume) or granted/changed (top-up, manage); integer. */
  quota?: number;
  promptTokens?: number;
  completionTokens?: number;
  channelId?: number;
  /** Milliseconds. */
  requestTime?: number;
  isStream?: boolean;
  sourceIp?: string;
  metadata?: Record<string, unknown>;
  /** Unix seconds; now when omitted. */
  createdAt?: number;
}

/**
 * A log's text written in `language` (what one-hub's console and the CSV show), with its i18n key and
 * parameters kept in the metadata so gw's consoles show it in each reader's own language.
 */
export function localizedContent(
  language: Language,
  key: string,
  params: Record<string, string | number>,
): { content: string; metadata: { content_i18n: { key: string; params: Record<string, string | number> } } } {
  return { content: translate(language, key, params), metadata: { content_i18n: { key, params } } };
}

/** Inserts one log row, inside the caller's transaction when given one. */
export async function insertLog(db: Kysely<GwTables>, entry: LogEntry): Promise<void> {
  if (entry.quota !== undefined && !Number.isSafeInteger(entry.quota)) {
    throw new Error(`log quota must be an integer number of points, got ${entry.quota}`);
  }
  await db
    .insertInto('logs')
    .values({
      user_id: entry.userId,
      created_at: entry.createdAt ?? nowSeconds(),
      type: entry.type,
      content: entry.content,
      username: entry.username ?? '',
      token_name: entry.tokenName ?? '',
      model_name: entry.modelName ?? '',
      quota: entry.quota ?? 0,
      prompt_tokens: entry.promptTokens ?? 0,
      completion_tokens: entry.completionTokens ?? 0,
      channel_id: entry.channelId ?? 0,
      request_time: entry.requestTime ?? 0,
      is_stream: entry.isStream ? 1 : 0,
      source_ip: entry.sourceIp ?? '',
      metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
    })
    .execute();
}
