// Test helpers of the Claude provider: a channel and call with the spec's default settings, and a small
// SSE reader that turns wire text into the events the pipeline would push.
import type { ProviderCall, RelayOperation, SseEvent, UpstreamChannel } from '../../provider.js';

export function testClaudeChannel(overrides: Partial<UpstreamChannel> = {}): UpstreamChannel {
  return {
    id: 7,
    type: 14,
    name: 'claude',
    key: 'sk-ant-test',
    baseUrl: '',
    other: '',
    headers: {},
    plugin: {},
    ...overrides,
  };
}

export function testClaudeCall(
  body: Record<string, unknown>,
  overrides: Partial<ProviderCall> & { operation?: RelayOperation } = {},
): ProviderCall {
  return {
    operation: 'chat',
    channel: testClaudeChannel(),
    model: 'claude-sonnet-4',
    body,
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

/** Splits SSE wire text into events (`event:` name, `data:` lines joined by "\n"). */
export function readSseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.replace(/\r\n/g, '\n').split('\n\n')) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0)
      events.push(event === undefined ? { data: data.join('\n') } : { event, data: data.join('\n') });
  }
  return events;
}

/** The JSON payloads of OpenAI `data:` frames, `[DONE]` kept as the string. */
export function framePayloads(frames: string[]): unknown[] {
  return readSseEvents(frames.join('')).map((event) =>
    event.data === '[DONE]' ? '[DONE]' : (JSON.parse(event.data) as unknown),
  );
}
