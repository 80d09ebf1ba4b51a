import type { IncomingHttpHeaders } from 'node:http';

/** Wire dialect of a route; decides the shape of scripted errors. */
export type FakeVendor =
  | 'openai'
  | 'azure'
  | 'claude'
  | 'gemini'
  | 'jina'
  | 'cohere'
  | 'siliconflow'
  | 'midjourney'
  | 'suno'
  | 'kling'
  | 'bedrock';

/** One request as the fake upstream received it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names, auth headers included. */
  headers: IncomingHttpHeaders;
  /**
   * Parsed JSON body, the raw text when it is not JSON, undefined when empty. A multipart/form-data
   * body becomes an object of its fields: text fields as strings (repeated names as arrays), files as
   * `{filename, type, size}` (see FakeFormFile).
   */
  body: unknown;
  /** The body bytes as received (signatures are checked over these). */
  raw?: Buffer;
  vendor: FakeVendor | undefined;
}

/** A file field of a recorded multipart body. */
export interface FakeFormFile {
  filename: string;
  type: string;
  size: number;
}

/** What the OpenAI billing routes report (channel balance = hardLimitUsd − totalUsageCents / 100). */
export interface FakeBalance {
  /** `hard_limit_usd` (also the soft and system limits) of /v1/dashboard/billing/subscription. */
  hardLimitUsd: number;
  /** `total_usage` in cents of /v1/dashboard/billing/usage. */
  totalUsageCents: number;
  /** `has_payment_method` of the subscription (decides the usage window the caller asks for). */
  hasPaymentMethod?: boolean;
  /** `access_until` of the subscription (unix seconds, 0 = none). */
  accessUntil?: number;
}

/** How a route should bend its normal reply for the request being answered. */
export interface FakeReplyOptions {
  /** Leave out every usage field, and the usage chunk of a stream. */
  noUsage: boolean;
  /** After the first content frame of a stream, send this error (vendor shape unless `body`) and end. */
  midStreamError: { message: string; body: unknown } | undefined;
  /** The fake's own base URL (image URLs point back at it). */
  baseUrl: string;
  balance: FakeBalance;
}

/** The balance reported when startFakeUpstream gets none: $100 limit, $25 used. */
export const DEFAULT_FAKE_BALANCE: FakeBalance = { hardLimitUsd: 100, totalUsageCents: 2_500 };

/** Options of an ordinary reply, for callers outside the server (it passes its own). */
export const PLAIN_REPLY_OPTIONS: FakeReplyOptions = {
  noUsage: false,
  midStreamError: undefined,
  baseUrl: 'http://127.0.0.1',
  balance: DEFAULT_FAKE_BALANCE,
};

/**
 * What a route answers: a JSON body, SSE frames written one by one, or raw bytes (audio, images,
 * plain-text transcripts).
 */
export type FakeReply =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'sse'; frames: string[] }
  | { kind: 'bytes'; status: number; contentType: string; body: Buffer };

/** Reads a field of a parsed JSON object body. */
export function bodyField(body: unknown, field: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}

/** Keeps the frames up to and including the first content frame, then adds the error frame (no end marker). */
export function cutWithMidStreamError(
  frames: string[],
  firstContentIndex: number,
  errorFrame: string,
): string[] {
  return [...frames.slice(0, firstContentIndex + 1), errorFrame];
}
