// An incremental server-sent-events reader for upstream streams: bytes in, events out. The line and
// field rules (lines split anywhere between chunks, CRLF/CR/LF endings, comments, multi-line `data`
// joined with `\n`) are the maintained eventsource-parser's; this wrapper only decodes UTF-8 across
// chunk boundaries and hands the events back per chunk.
import { StringDecoder } from 'node:string_decoder';
import { createParser } from 'eventsource-parser';
import type { SseEvent } from '../providers/provider.js';

export interface SseParser {
  /** Feeds bytes; returns the events they completed. */
  feed(chunk: Buffer | string): SseEvent[];
  /** The stream ended: returns an event left without its closing blank line, if any. */
  end(): SseEvent[];
}

/** Enough line endings to close a pending line (even after a lone CR) and dispatch its event. */
const FLUSH = '\n\n\n';

export function createSseParser(): SseParser {
  const decoder = new StringDecoder('utf8');
  let out: SseEvent[] = [];
  const parser = createParser({
    onEvent(event) {
      out.push(event.event === undefined ? { data: event.data } : { event: event.event, data: event.data });
    },
  });

  function take(text: string): SseEvent[] {
    parser.feed(text);
    const events = out;
    out = [];
    return events;
  }

  return {
    feed: (chunk) => take(typeof chunk === 'string' ? chunk : decoder.write(chunk)),
    end() {
      const events = take(decoder.end() + FLUSH);
      parser.reset();
      return events;
    },
  };
}
