// Reading an OpenAI-format error reply (behaviour spec §7.1): the vendor's own error object with
// "Provider API error: " before its message, else the raw body, else the bad-status fallback.
import type { UpstreamError } from '../provider.js';
import { parseUpstreamError } from '../shared/upstream-error.js';

/** Parses an OpenAI-dialect error body (status ≥ 400). */
export function parseOpenAiError(status: number, bodyText: string): UpstreamError {
  return parseUpstreamError(status, bodyText, (parsed) => {
    const error = readErrorObject(parsed);
    if (!error) return undefined;
    return {
      status: error.message.startsWith('当前分组') ? 429 : status,
      message: `Provider API error: ${error.message}`,
      type: error.type || 'upstream_error',
      code: error.code ?? null,
      param: error.param ?? null,
    };
  });
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
