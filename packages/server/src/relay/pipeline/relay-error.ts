// Relay errors as clients see them (behaviour spec §7.3): the saturation wording for 429s and quota-like
// upstream messages, the request id appended, and the body in the dialect of the API the client called.
import { type Language, translate } from '@gw/core';
import type { UpstreamError } from '../providers/provider.js';
import { badStatusMessage } from '../providers/shared/upstream-error.js';
import { sseFrame } from '../providers/shared/openai-format.js';

/** The API family whose error shape a client expects. */
export type ErrorDialect = 'openai' | 'claude' | 'gemini' | 'rerank' | 'midjourney' | 'suno' | 'kling';

/** An error on its way to the client. `local` errors are the gateway's own (never rewritten). */
export interface RelayError extends UpstreamError {
  local: boolean;
}

/** The gateway's own error (type `one_hub_error`), with a translated message. */
export function localError(
  status: number,
  language: Language,
  messageKey: string,
  params?: Record<string, unknown>,
  code: string | null = 'one_hub_error',
): RelayError {
  return {
    status,
    message: translate(language, messageKey, params),
    type: 'one_hub_error',
    code,
    local: true,
  };
}

/** An upstream's error as the relay received it. */
export function upstreamError(error: UpstreamError): RelayError {
  return { ...error, local: false };
}

const QUOTA_WORDS = ['余额', '额度', 'quota', '无可用渠道', '令牌'];
const REQUEST_ID_SUFFIX = / \(request id: [^)]*\)$/;

/** Applies the rewriting of spec §7.3 steps 1–4 and appends the request id. */
export function shapeRelayError(error: RelayError, requestId: string, language: Language): RelayError {
  const shaped = { ...error };
  if (!shaped.local && shaped.status === 429)
    shaped.message = translate(language, 'relay.upstream.saturated_group');
  if (!shaped.local && (shaped.type === 'one_hub_error' || shaped.type.endsWith('_api_error'))) {
    shaped.type = 'system_error';
    if (QUOTA_WORDS.some((word) => shaped.message.includes(word))) {
      // Upstream account trouble is not the caller's business: say "saturated", without the id.
      return { ...shaped, status: 429, message: translate(language, 'relay.upstream.saturated') };
    }
  }
  if (shaped.code === 'bad_response_status_code' && !shaped.message.includes('bad response status code')) {
    shaped.message = badStatusMessage(Number(shaped.param ?? shaped.status));
  }
  shaped.message = `${shaped.message.replace(REQUEST_ID_SUFFIX, '')} (request id: ${requestId})`;
  return shaped;
}

/** The code of the gateway's own Midjourney errors (one-hub's `code: 4`). */
export const MIDJOURNEY_GATEWAY_CODE = 4;

/** The error body in a dialect. */
export function relayErrorBody(dialect: ErrorDialect, error: RelayError): unknown {
  if (dialect === 'claude') return { type: 'error', error: { type: error.type, message: error.message } };
  if (dialect === 'gemini') {
    return { error: { code: error.status, status: error.param ?? error.type, message: error.message } };
  }
  if (dialect === 'rerank') return { detail: error.message };
  // Midjourney-Proxy clients read a numeric code; the gateway's own errors are code 4 as in one-hub (§2.4).
  if (dialect === 'midjourney') {
    return {
      description: error.message,
      type: error.type,
      code: typeof error.code === 'number' ? error.code : MIDJOURNEY_GATEWAY_CODE,
    };
  }
  // Suno-API clients read `{code: "<string>", message}` ("success" when it worked); Kling's read a numeric code.
  if (dialect === 'suno') {
    return {
      code: typeof error.code === 'string' && error.code ? error.code : 'fail',
      message: error.message,
      data: null,
    };
  }
  if (dialect === 'kling') {
    return {
      code: typeof error.code === 'number' ? error.code : error.status,
      message: error.message,
      data: null,
    };
  }
  const body: Record<string, unknown> = { message: error.message, type: error.type, code: error.code };
  if (error.param !== undefined && error.param !== null) body.param = error.param;
  return { error: body };
}

/** An SSE frame carrying the error (after the stream has begun). */
export function relayErrorFrame(dialect: ErrorDialect, error: RelayError): string {
  const data = JSON.stringify(relayErrorBody(dialect, error));
  return sseFrame(data, dialect === 'claude' ? 'error' : undefined);
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
let stampSecond = -1;
let stampText = '';

/** `yyyyMMddHHmmss` of the current second, formatted once per second (ids are made on every request). */
function secondStamp(now: Date): string {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== stampSecond) {
    const pad = (value: number) => String(value).padStart(2, '0');
    stampText = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
    stampSecond = second;
  }
  return stampText;
}

/**
 * `X-Oneapi-Request-Id`: `yyyyMMddHHmmss` + nanoseconds mod 1e9 + 8 random letters and digits (spec §2.1).
 * The id names a request in logs; it is not a secret, so Math.random is enough (and cheaper than crypto).
 */
export function newRequestId(now = new Date()): string {
  const nanos = String(process.hrtime.bigint() % 1_000_000_000n).padStart(9, '0');
  let tail = '';
  for (let i = 0; i < 8; i += 1) tail += ALNUM[Math.floor(Math.random() * ALNUM.length)];
  return secondStamp(now) + nanos + tail;
}
