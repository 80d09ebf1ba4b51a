// An incremental server-sent-events reader for upstream streams: bytes in, events out. Lines may split
// anywhere between chunks (even inside a UTF-8 sequence); CRLF and LF both end a line; comment lines
// (`:`) and unknown fields are ignored; an event ends at a blank line.
import { StringDecoder } from 'node:string_decoder';
import type { SseEvent } from '../providers/provider.js';

export interface SseParser {
  /** Feeds bytes; returns the events they completed. */
  feed(chunk: Buffer | string): SseEvent[];
  /** The stream ended: returns an event left without its closing blank line, if any. */
  end(): SseEvent[];
}

export function createSseParser(): SseParser {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let data: string[] = [];
  let event: string | undefined;

  function dispatch(out: SseEvent[]): void {
    if (data.length > 0)
      out.push(event === undefined ? { data: data.join('\n') } : { event, data: data.join('\n') });
    data = [];
    event = undefined;
  }

  function line(text: string, out: SseEvent[]): void {
    if (text === '') {
      dispatch(out);
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  }

  function drain(out: SseEvent[]): void {
    let start = 0;
    for (;;) {
      const newline = buffer.indexOf('\n', start);
      if (newline === -1) break;
      const end = newline > start && buffer.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      line(buffer.slice(start, end), out);
      start = newline + 1;
    }
    buffer = buffer.slice(start);
  }

  return {
    feed(chunk) {
      buffer += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      const out: SseEvent[] = [];
      drain(out);
      return out;
    },
    end() {
      buffer += decoder.end();
      const out: SseEvent[] = [];
      drain(out);
      if (buffer !== '') line(buffer.replace(/\r$/, ''), out);
      buffer = '';
      dispatch(out);
      return out;
    },
  };
}
