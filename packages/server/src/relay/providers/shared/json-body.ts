// The JSON text of an upstream request body, without a second copy of a huge prompt on the JS heap (issue 8
// item 2). JSON.stringify of a body holding a 1 MiB prompt builds a new 1 MiB string (about as costly as
// parsing it, garbage collection included), and ten such requests at once held the event loop long enough
// to push `/api/status` past 50 ms. A long string that needs no escaping is written as its UTF-8 bytes
// between quotes instead — the same JSON, assembled in a Buffer off the heap.
import { randomUUID } from 'node:crypto';

/** Strings at least this long go out as bytes encoded straight from the string. */
export const LONG_STRING_CHARS = 16 * 1024;

/**
 * What JSON.stringify would escape (quote, backslash, control characters), and surrogates (a lone one is
 * escaped; strings with pairs simply take the ordinary path): a string holding none is its own JSON text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const QUOTE = Buffer.from('"');

function hasLongString(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length >= LONG_STRING_CHARS;
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasLongString(item, depth + 1));
  for (const key in value) {
    if (hasLongString((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

function writtenAsIs(value: string): boolean {
  return value.length >= LONG_STRING_CHARS && !NEEDS_ESCAPE.test(value);
}

/**
 * `JSON.stringify(body)` as text, or as bytes when the body holds long strings: those are swapped for
 * markers (random per call, so no caller's text can forge one) and written between quotes as UTF-8.
 */
export function jsonRequestBody(body: unknown): string | Uint8Array {
  if (!hasLongString(body)) return JSON.stringify(body);
  const marker = `gw-long-${randomUUID()}-`;
  const longs: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value !== 'string' || !writtenAsIs(value)) return value;
    longs.push(value);
    return `${marker}${longs.length - 1}`;
  });
  if (longs.length === 0) return text;
  const parts: Buffer[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(`"${marker}(\\d+)"`, 'g'))) {
    parts.push(Buffer.from(text.slice(last, match.index)), QUOTE);
    parts.push(Buffer.from(longs[Number(match[1])] as string), QUOTE);
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(text.slice(last)));
  return Buffer.concat(parts);
}
