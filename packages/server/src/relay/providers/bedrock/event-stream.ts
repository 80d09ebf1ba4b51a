// AWS's binary event stream (`application/vnd.amazon.eventstream`), the framing of Bedrock's
// InvokeModelWithResponseStream: each message is [total length][headers length][prelude CRC][headers]
// [payload][message CRC]. Messages are cut from the byte stream here and decoded — CRCs checked — by the
// maintained @smithy/eventstream-codec. A Bedrock `chunk` event carries `{"bytes": base64}` whose bytes are
// one Anthropic stream event; an `exception` message becomes an Anthropic `error` event.
import { EventStreamCodec, type Message } from '@smithy/eventstream-codec';
import type { SseEvent, UpstreamEventDecoder } from '../provider.js';

const toUtf8 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
const fromUtf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** The codec (encode for tests and fakes, decode for the relay). */
export const eventStreamCodec = new EventStreamCodec(toUtf8, fromUtf8);

/** The smallest message: prelude (12 bytes) and message CRC (4). */
const MIN_MESSAGE = 16;
/** AWS caps one event stream message at 16 MiB; a longer length is a corrupt stream. */
const MAX_MESSAGE = 16 * 1024 * 1024;

/** The string value of a message header, '' when absent. */
export function headerText(message: Message, name: string): string {
  const header = message.headers[name];
  return header && header.type === 'string' ? header.value : '';
}

/** Splits bytes into whole event stream messages, decoding each (CRC-checked). */
export function createMessageSplitter(): { feed(chunk: Uint8Array): Message[]; pending(): number } {
  let buffer = Buffer.alloc(0);
  return {
    feed(chunk) {
      buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
      const messages: Message[] = [];
      while (buffer.length >= 4) {
        const total = buffer.readUInt32BE(0);
        if (total < MIN_MESSAGE || total > MAX_MESSAGE)
          throw new Error(`event stream message length ${total}`);
        if (buffer.length < total) break;
        messages.push(eventStreamCodec.decode(buffer.subarray(0, total)));
        buffer = buffer.subarray(total);
      }
      return messages;
    },
    pending: () => buffer.length,
  };
}

/** One Bedrock message as the Anthropic stream event it carries, or undefined (nothing to relay). */
export function bedrockEvent(message: Message): SseEvent | undefined {
  const kind = headerText(message, ':message-type');
  const payload = toUtf8(message.body);
  if (kind === 'exception' || kind === 'error') {
    const type = headerText(message, ':exception-type') || headerText(message, ':error-code') || 'api_error';
    let text = headerText(message, ':error-message');
    try {
      const parsed = JSON.parse(payload) as { message?: unknown; Message?: unknown };
      const found = parsed.message ?? parsed.Message;
      if (typeof found === 'string') text = found;
    } catch {
      // a non-JSON payload: the header's message stands
    }
    const data = JSON.stringify({ type: 'error', error: { type, message: text || type } });
    return { event: 'error', data };
  }
  if (headerText(message, ':event-type') !== 'chunk') return undefined;
  let bytes: unknown;
  try {
    bytes = (JSON.parse(payload) as { bytes?: unknown }).bytes;
  } catch {
    throw new Error('event stream chunk is not JSON');
  }
  if (typeof bytes !== 'string') return undefined;
  const data = Buffer.from(bytes, 'base64').toString('utf8');
  let type: unknown;
  try {
    type = (JSON.parse(data) as { type?: unknown }).type;
  } catch {
    type = undefined;
  }
  return typeof type === 'string' ? { event: type, data } : { data };
}

/** The decoder a Bedrock stream translator reads its upstream with. */
export function bedrockEventDecoder(): UpstreamEventDecoder {
  const splitter = createMessageSplitter();
  return {
    feed: (chunk) =>
      splitter
        .feed(chunk)
        .map(bedrockEvent)
        .filter((event): event is SseEvent => event !== undefined),
    end() {
      // Bytes left over are a message the upstream never finished: the stream broke.
      if (splitter.pending() > 0) throw new Error('event stream ended inside a message');
      return [];
    },
  };
}

/** Encodes one Bedrock `chunk` event carrying an Anthropic stream event (fakes and tests). */
export function encodeBedrockChunk(eventJson: string): Uint8Array {
  return eventStreamCodec.encode({
    headers: {
      ':event-type': { type: 'string', value: 'chunk' },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify({ bytes: Buffer.from(eventJson, 'utf8').toString('base64'), p: 'abcd' })),
  });
}

/** Encodes a Bedrock stream exception (fakes and tests). */
export function encodeBedrockException(type: string, message: string): Uint8Array {
  return eventStreamCodec.encode({
    headers: {
      ':exception-type': { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'exception' },
    },
    body: fromUtf8(JSON.stringify({ message })),
  });
}
