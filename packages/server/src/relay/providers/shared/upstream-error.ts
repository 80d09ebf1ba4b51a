// The shape every vendor's error reader shares (spec §7.1): a vendor error object when the body has one,
// else the raw body as the message, else "bad response status code N" — with upstream_error and the
// status as param in the fallback cases.
import type { UpstreamError } from '../provider.js';

/** The fallback message when an upstream error carries nothing readable. */
export function badStatusMessage(status: number): string {
  return `Provider API error: bad response status code ${status}`;
}

/** Raw text bodies are cut to this many characters in the message. */
const MAX_RAW_MESSAGE = 1000;

/** Spec §7.1 step 1: the default error for a reply the vendor reader could not interpret. */
export function badStatusError(status: number, message = ''): UpstreamError {
  return {
    status: message.startsWith('当前分组') ? 429 : status,
    message: message ? message.slice(0, MAX_RAW_MESSAGE) : badStatusMessage(status),
    type: 'upstream_error',
    code: 'bad_response_status_code',
    param: String(status),
  };
}

/**
 * Reads an error reply (status ≥ 400): `read` turns a parsed JSON body into the vendor's error, or
 * undefined when it holds none; `clean` scrubs raw text (Gemini removes its key).
 */
export function parseUpstreamError(
  status: number,
  bodyText: string,
  read: (parsed: unknown) => UpstreamError | undefined,
  clean: (text: string) => string = (text) => text,
): UpstreamError {
  const trimmed = bodyText.trim();
  if (trimmed === '') return badStatusError(status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return badStatusError(status, clean(trimmed));
  }
  return read(parsed) ?? badStatusError(status, clean(trimmed));
}
