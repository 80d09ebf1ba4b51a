// Text that does not arrive as UTF-8 (issue 8 item 1): a body's bytes and a query's percent-escapes are
// decoded with U+FFFD in place of what is not UTF-8, so `gpt-\xff` used to be relayed, billed and logged as
// `gpt-�` — the caller's text silently changed. Both are refused instead, as 400 naming the field. (A
// future route that must take another charset, such as a payment gateway's GBK callback, reads its raw
// query itself and is exempted here.)
import { isUtf8 } from 'node:buffer';

/** A body's bytes as text, and whether they were all UTF-8 (if not, the text holds U+FFFD where they were). */
export function decodeBody(raw: Buffer): { text: string; utf8: boolean } {
  return { text: raw.toString('utf8'), utf8: isUtf8(raw) };
}

/** The UTF-8 bytes of U+FFFD: a body that holds them may carry the character itself, legitimately. */
const REPLACEMENT_BYTES = Buffer.from('\uFFFD', 'utf8');

/**
 * Whether a text field decoded from `raw` (a multipart body, whose files are binary and so cannot be
 * checked whole) holds U+FFFD that only the decoder can have put there.
 */
export function replacedWhileDecoding(text: string, raw: Buffer): boolean {
  return text.includes('\uFFFD') && !raw.includes(REPLACEMENT_BYTES);
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first query field whose name or value holds a percent-escape that is not UTF-8 (`%FF`, `%ED%A0%80`,
 * a stray `%`): the query parser keeps such text undecoded, so the route would read `a%FFb` for what the
 * caller meant as bytes. Undefined when every escape decodes.
 */
export function undecodableQueryField(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const split = pair.indexOf('=');
    const name = (split < 0 ? pair : pair.slice(0, split)).replaceAll('+', ' ');
    const value = split < 0 ? '' : pair.slice(split + 1).replaceAll('+', ' ');
    if (decodes(name) && decodes(value)) continue;
    return decodes(name) ? decodeURIComponent(name) : name;
  }
  return undefined;
}
