// Google error replies → the relay's error fields (spec §7.1 steps 2 and 4): type `gemini_error`,
// param = Google's status name, code = the HTTP code, and the channel key never shown to the client.
import type { UpstreamChannel, UpstreamError } from '../provider.js';
import { parseUpstreamError } from '../shared/upstream-error.js';
import { asRecord, type GeminiErrorBody } from './gemini-wire.js';

/** What replaces the channel key wherever an upstream message repeats it. */
export const REDACTED_KEY = 'xxxxx';

/** Replaces every occurrence of the channel key (each line of a multi-key value too) with "xxxxx". */
export function redactChannelKey(text: string, key: string): string {
  const secrets = [key, ...key.split(/[\n,]/)].map((part) => part.trim()).filter((part) => part.length >= 4);
  let out = text;
  // Longest first, so a key containing another secret is replaced whole.
  for (const secret of [...new Set(secrets)].sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED_KEY);
  }
  return out;
}

/** The `error` object of a Google error body (also inside the one-element array a JSON stream sends). */
export function geminiErrorObject(body: unknown): GeminiErrorBody | undefined {
  const first = Array.isArray(body) ? body[0] : body;
  const error = asRecord(asRecord(first)?.error);
  if (!error) return undefined;
  return {
    ...(typeof error.code === 'number' ? { code: error.code } : {}),
    ...(typeof error.message === 'string' ? { message: error.message } : {}),
    ...(typeof error.status === 'string' ? { status: error.status } : {}),
  };
}

/**
 * Google's error object → relay error fields, with the key redacted. `status` is the HTTP status to
 * answer with; the code is Google's own HTTP code when it gives one (an error inside a 200 is
 * answered with 400 but keeps the code Google reported).
 */
export function geminiUpstreamError(status: number, error: GeminiErrorBody, key: string): UpstreamError {
  const message = redactChannelKey(error.message ?? '', key);
  return {
    status: message.startsWith('当前分组') ? 429 : status,
    message,
    type: 'gemini_error',
    code: error.code ?? status,
    param: error.status ?? null,
  };
}

/** Reads an upstream error reply (status ≥ 400). */
export function parseGeminiError(status: number, bodyText: string, channel: UpstreamChannel): UpstreamError {
  return parseUpstreamError(
    status,
    bodyText,
    (parsed) => {
      const error = geminiErrorObject(parsed);
      return error?.message ? geminiUpstreamError(status, error, channel.key) : undefined;
    },
    (text) => redactChannelKey(text, channel.key),
  );
}
