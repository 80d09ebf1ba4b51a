// A multi-line SSE `data` event survives the relay: the parser joins its lines with `\n`, the writer
// splits them back into one `data:` line each, so a reader sees the event the upstream sent.
import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../pipeline/sse-parser.js';
import { claudeNativeStream } from '../claude/claude-native.js';
import { responsesStream } from '../openai/openai-stream.js';
import { sseFrame } from './openai-format.js';

const MULTI_LINE =
  'event: message_delta\ndata: {"type":"message_delta",\ndata: "usage":{"output_tokens":3}}\n\n';

describe('sseFrame', () => {
  it('writes one data: line per line of the data (LF, CRLF or CR), after the event line', () => {
    expect(sseFrame('{"a":1}')).toBe('data: {"a":1}\n\n');
    expect(sseFrame('one\ntwo\r\nthree\rfour', 'x')).toBe(
      'event: x\ndata: one\ndata: two\ndata: three\ndata: four\n\n',
    );
  });

  it('Given a two-line upstream event, then the relayed frame re-parses to the same event', () => {
    for (const translator of [claudeNativeStream(), responsesStream()]) {
      const [event] = createSseParser().feed(MULTI_LINE);
      if (!event) throw new Error('no event');
      const written = translator.push(event).join('');
      expect(written).toBe(MULTI_LINE);
      expect(createSseParser().feed(written)).toEqual([event]);
    }
  });
});
