import type { ReactNode } from 'react';
import './kit.css';

// Strings (a key when a colon follows), numbers, and the three literals of JSON text.
const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\b(true|false|null)\b/g;

/** JSON text in a code block, its keys, strings, numbers and literals coloured (no highlighter library). */
export function JsonBlock({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    const [whole, string, colon, number, literal] = match;
    const kind = string ? (colon ? 'key' : 'string') : number ? 'number' : literal ? 'literal' : '';
    parts.push(
      <span key={start} className={`gw-json-${kind}`}>
        {string ?? whole}
      </span>,
    );
    if (colon) parts.push(colon);
    last = start + whole.length;
  }
  parts.push(text.slice(last));
  return <pre className="gw-code gw-json">{parts}</pre>;
}
