// Test support: a ProviderCall for a Gemini channel with overridable parts.
import type { ProviderCall, SseEvent, StreamTranslator, UpstreamChannel } from '../provider.js';

export const TEST_GEMINI_KEY = 'AIzaSyTestKey0123456789abcdefghijklmno';

export function testGeminiChannel(overrides: Partial<UpstreamChannel> = {}): UpstreamChannel {
  return {
    id: 7,
    type: 25,
    name: 'gemini test',
    key: TEST_GEMINI_KEY,
    baseUrl: '',
    other: '',
    headers: {},
    plugin: {},
    ...overrides,
  };
}

export function testGeminiCall(overrides: Partial<ProviderCall> = {}): ProviderCall {
  return {
    operation: 'chat',
    channel: testGeminiChannel(),
    model: 'gemini-2.5-flash',
    body: { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] },
    stream: false,
    includeUsage: false,
    clientHeaders: {},
    settings: {
      claudeDefaultMaxTokens: { default: 8192 },
      claudeBudgetTokensPercentage: 0.8,
      geminiOpenThink: {},
    },
    ...overrides,
  };
}

/** Reads the SSE events of a text the way the pipeline hands them to a translator. */
export function parseSseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data: string[] = [];
    let event: string | undefined;
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      else if (line.startsWith('event:')) event = line.slice(6).trim();
    }
    if (data.length > 0) events.push({ ...(event ? { event } : {}), data: data.join('\n') });
  }
  return events;
}

/** The JSON payloads of `data:` frames, `[DONE]` kept as the string. */
export function framePayloads(frames: string[]): unknown[] {
  return parseSseEvents(frames.join('')).map((event) =>
    event.data === '[DONE]' ? '[DONE]' : (JSON.parse(event.data) as unknown),
  );
}

/** Feeds Gemini events (objects) to a translator, one by one, then ends it. */
export function runStream(translator: StreamTranslator, events: unknown[], complete = true): string[] {
  const frames: string[] = [];
  for (const event of events) frames.push(...translator.push({ data: JSON.stringify(event) }));
  frames.push(...translator.end(complete));
  return frames;
}
