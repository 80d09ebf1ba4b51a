// Reading an OpenAI-format error reply (behaviour spec §7.1): the vendor's own error object with
// "Provider API error: " before its message, else the raw body, else the bad-status fallback.
import type { UpstreamError } from '../provider.js';

/** The fallback message when an upstream error carries nothing readable (spec §7.1 step 2). */
export function badStatusMessage(status: number): string {
  return `Provider API error: bad response status code ${status}`;
}

/** Parses an OpenAI-dialect error body (status ≥ 400). */
export function parseOpenAiError(status: number, bodyText: string): UpstreamError {
  const fallback: UpstreamError = {
    status,
    message: badStatusMessage(status),
    type: 'upstream_error',
    code: 'bad_response_status_code',
    param: String(status),
  };
  const trimmed = bodyText.trim();
  if (trimmed === '') return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { ...fallback, message: trimmed.slice(0, 1000) };
  }
  const error = readErrorObject(parsed);
  if (!error) return { ...fallback, message: trimmed.slice(0, 1000) };
  return {
    status: error.message.startsWith('当前分组') ? 429 : status,
    message: `Provider API error: ${error.message}`,
    type: error.type || 'upstream_error',
    code: error.code ?? null,
    param: error.param ?? null,
  };
}

/** The `error` object of an OpenAI-format body, when it has a message. */
export function readErrorObject(
  body: unknown,
): { message: string; type: string; code: string | number | null; param: string | null } | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const raw = (body as { error?: unknown }).error;
  if (typeof raw === 'string' && raw !== '') return { message: raw, type: '', code: null, param: null };
  if (!raw || typeof raw !== 'object') return undefined;
  const error = raw as Record<string, unknown>;
  if (typeof error.message !== 'string' || error.message === '') return undefined;
  return {
    message: error.message,
    type: typeof error.type === 'string' ? error.type : '',
    code: typeof error.code === 'string' || typeof error.code === 'number' ? error.code : null,
    param: typeof error.param === 'string' ? error.param : null,
  };
}
