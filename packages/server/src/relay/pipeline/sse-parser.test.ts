import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.js';

describe('createSseParser', () => {
  it('reads events split at any byte, with CRLF, comments and event names', () => {
    const wire = Buffer.from(
      ': ping\r\nevent: message_start\r\ndata: {"a":"é"}\r\n\r\ndata: x\ndata: y\n\ndata: [DONE]\n\n',
    );
    for (let size = 1; size <= wire.length; size += 1) {
      const parser = createSseParser();
      const events = [];
      for (let at = 0; at < wire.length; at += size)
        events.push(...parser.feed(wire.subarray(at, at + size)));
      events.push(...parser.end());
      expect(events).toEqual([
        { event: 'message_start', data: '{"a":"é"}' },
        { data: 'x\ny' },
        { data: '[DONE]' },
      ]);
    }
  });

  it('hands over an unterminated last event at the end', () => {
    const parser = createSseParser();
    expect(parser.feed('data: {"b":1}')).toEqual([]);
    expect(parser.end()).toEqual([{ data: '{"b":1}' }]);
  });

  it('joins a multi-line data event with \\n, keeps only event and data, and flushes after a lone CR', () => {
    const parser = createSseParser();
    expect(parser.feed('id: 7\nretry: 10\nevent: e\ndata: one\ndata: two\n\n')).toEqual([
      { event: 'e', data: 'one\ntwo' },
    ]);
    expect(parser.feed('data: last\r')).toEqual([]);
    expect(parser.end()).toEqual([{ data: 'last' }]);
  });
});
