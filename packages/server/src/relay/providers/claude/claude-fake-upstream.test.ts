// The Claude adapter against the fake upstream over real loopback HTTP: the UpstreamRequest it builds is
// sent with fetch, and what comes back goes through its reply, stream and error translation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claudeInputTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_TEXT,
  type FakeUpstream,
  startFakeUpstream,
} from '../../test-support/fake-upstream/index.js';
import type { ProviderCall, SseEvent, StreamTranslator, UpstreamRequest } from '../provider.js';
import { claudeChat, claudeProvider } from './claude-provider.js';
import {
  framePayloads,
  readSseEvents,
  testClaudeCall,
  testClaudeChannel,
} from './test-support/claude-test-support.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});

function send(request: UpstreamRequest): Promise<Response> {
  return fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
}

/** Reads an SSE body as it arrives, pushing each complete event into the translator. */
async function pipeStream(response: Response, translator: StreamTranslator): Promise<string[]> {
  const frames: string[] = [];
  const decoder = new TextDecoder();
  let pending = '';
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream body');
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    const cut = pending.lastIndexOf('\n\n');
    if (cut < 0) continue;
    const events: SseEvent[] = readSseEvents(pending.slice(0, cut + 2));
    pending = pending.slice(cut + 2);
    for (const event of events) frames.push(...translator.push(event));
  }
  frames.push(...translator.end(true));
  return frames;
}

const chatBody = {
  model: 'claude-sonnet-4',
  messages: [
    { role: 'system', content: 'You are terse' },
    { role: 'user', content: 'Say hello to the world' },
  ],
};
const chatCall = (overrides: Partial<ProviderCall> = {}) =>
  testClaudeCall(chatBody, {
    channel: testClaudeChannel({ baseUrl: fake.url, headers: { 'x-trace': 'on' } }),
    ...overrides,
  });
const expectedUsage = () => ({
  prompt_tokens: claudeInputTokens({
    system: 'You are terse',
    messages: [{ content: 'Say hello to the world' }],
  }),
  completion_tokens: FAKE_COMPLETION_TOKENS,
});

describe('claude chat over HTTP against the fake upstream', () => {
  it('sends a Messages request and translates the JSON reply', async () => {
    fake.reset();
    const call = chatCall();
    const response = await send(claudeChat.request(call));
    expect(response.status).toBe(200);
    const reply = claudeChat.reply(await response.json(), call);

    const recorded = fake.requests[0];
    expect(recorded?.path).toBe('/v1/messages');
    expect(recorded?.headers).toMatchObject({
      'x-api-key': 'sk-ant-test',
      'anthropic-version': '2023-06-01',
      'x-trace': 'on',
    });
    expect(recorded?.body).toMatchObject({ system: 'You are terse', max_tokens: 8192 });

    expect(reply.body).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: FAKE_REPLY_TEXT }, finish_reason: 'stop' }],
    });
    expect(reply.usage).toEqual(expectedUsage());
    expect(expectedUsage().prompt_tokens).toBe(8);
  });

  it('streams: SSE read from the socket becomes OpenAI chunks, the usage chunk and [DONE]', async () => {
    fake.reset();
    const call = chatCall({ stream: true, includeUsage: true });
    const translator = claudeChat.stream?.(call);
    if (!translator) throw new Error('chat must stream');
    const response = await send(claudeChat.request(call));
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const payloads = framePayloads(await pipeStream(response, translator)) as Array<{
      choices: Array<{ delta: { content?: string } }>;
      usage?: unknown;
    }>;

    expect(fake.requests[0]?.body).toMatchObject({ stream: true });
    expect(payloads.at(-1)).toBe('[DONE]');
    const text = payloads
      .slice(0, -1)
      .map((chunk) => chunk.choices[0]?.delta.content ?? '')
      .join('');
    expect(text).toBe(FAKE_REPLY_TEXT);
    const usage = expectedUsage();
    expect(payloads.at(-2)).toMatchObject({
      choices: [],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
    expect(translator.usage()).toEqual(usage);
  });

  it('reads the fake Anthropic error of a failing call', async () => {
    fake.reset();
    fake.script({ status: 429, message: 'Number of requests has exceeded your rate limit' });
    const response = await send(claudeChat.request(chatCall()));
    expect(response.status).toBe(429);
    expect(claudeProvider.parseError(response.status, await response.text(), testClaudeChannel())).toEqual({
      status: 429,
      message: 'Number of requests has exceeded your rate limit',
      type: 'rate_limit_error',
      code: 'rate_limit_error',
      param: null,
    });
  });

  it('passes a native Messages stream through unchanged with its usage', async () => {
    fake.reset();
    const body = {
      model: 'claude-sonnet-4',
      max_tokens: 64,
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    };
    const call = testClaudeCall(body, {
      operation: 'claude-messages',
      stream: true,
      channel: testClaudeChannel({ baseUrl: fake.url }),
    });
    const native = claudeProvider.operations['claude-messages'];
    const translator = native?.stream?.(call);
    if (!native || !translator) throw new Error('claude-messages must stream');
    const frames = await pipeStream(await send(native.request(call)), translator);
    expect(fake.requests[0]?.body).toEqual(body);
    expect(frames[0]).toMatch(/^event: message_start\ndata: \{"type":"message_start"/);
    expect(frames.at(-1)).toBe('event: message_stop\ndata: {"type":"message_stop"}\n\n');
    expect(frames.join('')).not.toContain('[DONE]');
    expect(translator.usage()).toEqual({ prompt_tokens: 1, completion_tokens: FAKE_COMPLETION_TOKENS });
    expect(translator.text()).toBe(FAKE_REPLY_TEXT);
  });

  it('lists models from <base>/v1/models', async () => {
    const request = claudeProvider.modelsRequest?.(testClaudeChannel({ baseUrl: fake.url }));
    if (!request) throw new Error('claude lists models');
    const models = claudeProvider.parseModels?.(await (await send(request)).json());
    expect(models?.length).toBeGreaterThan(0);
    expect(models?.every((id) => typeof id === 'string')).toBe(true);
  });
});
