import { describe, expect, it } from 'vitest';
import { type ChatStreamEvent, createChatStreamParser } from './chat-stream.js';

const chunk = (content: string) =>
  `data: {"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}}}]}\n\n`;
const USAGE = 'data: {"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":5,"total_tokens":12}}\n\n';

/** Feeds `text` cut into pieces of `size` characters and collects every event. */
function feed(text: string, size: number): ChatStreamEvent[] {
  const parser = createChatStreamParser();
  const events: ChatStreamEvent[] = [];
  for (let at = 0; at < text.length; at += size) events.push(...parser.push(text.slice(at, at + size)));
  return [...events, ...parser.end()];
}

describe('chat completion stream parser', () => {
  const stream = `${chunk('Hello')}: keep-alive\n\n${chunk(' world')}${USAGE}data: [DONE]\n\n`;
  const expected: ChatStreamEvent[] = [
    { type: 'delta', content: 'Hello', reasoning: '' },
    { type: 'delta', content: ' world', reasoning: '' },
    { type: 'usage', usage: { prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 } },
    { type: 'done' },
  ];

  it('gives the same events however the body is cut (whole, per character, odd sizes)', () => {
    for (const size of [stream.length, 1, 3, 17]) expect(feed(stream, size)).toEqual(expected);
  });

  it('reads CRLF lines, a data line without the space, reasoning deltas, and a stream cut before its blank line', () => {
    const crlf =
      'data:{"choices":[{"delta":{"reasoning_content":"think"}}]}\r\n\r\ndata: {"choices":[{"delta":{"content":"ok"}}]}';
    expect(feed(crlf, 5)).toEqual([
      { type: 'delta', content: '', reasoning: 'think' },
      { type: 'delta', content: 'ok', reasoning: '' },
    ]);
  });

  it('reports an error object sent mid-stream and skips lines it cannot read', () => {
    const broken = `${chunk('Hi')}data: {not json}\n\nevent: ping\n\ndata: {"error":{"message":"upstream failed","type":"one_hub_error"}}\n\n`;
    expect(feed(broken, 4)).toEqual([
      { type: 'delta', content: 'Hi', reasoning: '' },
      { type: 'error', message: 'upstream failed' },
    ]);
  });

  it('joins several data lines of one event with a newline', () => {
    expect(feed('data: {"choices":[{"delta":\ndata: {"content":"x"}}]}\n\n', 6)).toEqual([
      { type: 'delta', content: 'x', reasoning: '' },
    ]);
  });
});
