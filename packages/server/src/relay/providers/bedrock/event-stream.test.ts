// The Bedrock event stream decoder: messages cut from bytes however they arrive, CRCs enforced by the
// codec, chunk payloads unwrapped to Anthropic events, exceptions turned into Anthropic error events.
import { describe, expect, it } from 'vitest';
import {
  bedrockEventDecoder,
  encodeBedrockChunk,
  encodeBedrockException,
  eventStreamCodec,
} from './event-stream.js';

const start = JSON.stringify({ type: 'message_start', message: { usage: { input_tokens: 7 } } });
const delta = JSON.stringify({
  type: 'content_block_delta',
  index: 0,
  delta: { type: 'text_delta', text: 'hé' },
});

describe('bedrockEventDecoder', () => {
  it('reassembles messages split at every byte', () => {
    const bytes = Buffer.concat([encodeBedrockChunk(start), encodeBedrockChunk(delta)]);
    const decoder = bedrockEventDecoder();
    const events = [];
    for (let index = 0; index < bytes.length; index++)
      events.push(...decoder.feed(bytes.subarray(index, index + 1)));
    events.push(...decoder.end());
    expect(events).toEqual([
      { event: 'message_start', data: start },
      { event: 'content_block_delta', data: delta },
    ]);
  });

  it('hands several messages of one chunk back together', () => {
    const decoder = bedrockEventDecoder();
    const events = decoder.feed(Buffer.concat([encodeBedrockChunk(start), encodeBedrockChunk(delta)]));
    expect(events.map((event) => event.event)).toEqual(['message_start', 'content_block_delta']);
  });

  it('turns an exception message into an Anthropic error event', () => {
    const [event] = bedrockEventDecoder().feed(
      Buffer.from(encodeBedrockException('throttlingException', 'slow down')),
    );
    expect(event?.event).toBe('error');
    expect(JSON.parse(event?.data ?? '')).toEqual({
      type: 'error',
      error: { type: 'throttlingException', message: 'slow down' },
    });
  });

  it('refuses a message whose CRC does not match', () => {
    const bytes = Buffer.from(encodeBedrockChunk(delta));
    const index = bytes.length - 10;
    bytes[index] = (bytes[index] ?? 0) ^ 0xff;
    expect(() => bedrockEventDecoder().feed(bytes)).toThrow();
  });

  it('a stream that ends inside a message is broken', () => {
    const bytes = Buffer.from(encodeBedrockChunk(start));
    const decoder = bedrockEventDecoder();
    expect(decoder.feed(bytes.subarray(0, bytes.length - 3))).toEqual([]);
    expect(() => decoder.end()).toThrow();
  });

  it('skips events that are not chunks', () => {
    const other = eventStreamCodec.encode({
      headers: {
        ':message-type': { type: 'string', value: 'event' },
        ':event-type': { type: 'string', value: 'initial-response' },
      },
      body: new Uint8Array(Buffer.from('{}')),
    });
    expect(bedrockEventDecoder().feed(Buffer.from(other))).toEqual([]);
  });
});
