// The adapter's UpstreamRequest sent for real over loopback HTTP to the fake Gemini upstream, and the
// reply translated back, as the pipeline will do it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  countFakeTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_TEXT,
  type FakeUpstream,
  geminiPromptTokens,
  startFakeUpstream,
} from '../../test-support/fake-upstream/index.js';
import type { UpstreamRequest } from '../provider.js';
import { geminiProvider } from './gemini-provider.js';
import { parseSseEvents, TEST_GEMINI_KEY, testGeminiCall, testGeminiChannel } from './gemini-test-call.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => upstream.reset());

const chat = geminiProvider.operations.chat!;
const body = {
  model: 'gemini-2.0-flash',
  messages: [
    { role: 'system', content: 'You are terse' },
    { role: 'user', content: 'Say hello to me' },
  ],
};
const callFor = (stream: boolean) =>
  testGeminiCall({
    channel: testGeminiChannel({ baseUrl: upstream.url }),
    model: 'gemini-2.0-flash',
    body,
    stream,
    includeUsage: stream,
  });

function send(request: UpstreamRequest): Promise<Response> {
  return fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
}

describe('gemini chat against the fake upstream', () => {
  it('translates a non-stream reply and its usage', async () => {
    const call = callFor(false);
    const response = await send(chat.request(call));
    expect(response.status).toBe(200);
    const recorded = upstream.requests[0];
    expect(recorded?.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(recorded?.headers['x-goog-api-key']).toBe(TEST_GEMINI_KEY);
    const prompt = geminiPromptTokens(recorded?.body);
    expect(prompt).toBe(countFakeTokens('You are terse Say hello to me'));

    const reply = chat.reply(await response.json(), call);
    expect(reply.body).toMatchObject({
      object: 'chat.completion',
      model: 'gemini-2.0-flash',
      choices: [
        { index: 0, message: { role: 'assistant', content: FAKE_REPLY_TEXT }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: prompt, completion_tokens: FAKE_COMPLETION_TOKENS },
    });
    expect(reply.usage).toEqual({ prompt_tokens: prompt, completion_tokens: FAKE_COMPLETION_TOKENS });
  });

  it('translates an SSE stream into chunks, the usage chunk and [DONE]', async () => {
    const call = callFor(true);
    const response = await send(chat.request(call));
    expect(upstream.requests[0]?.query).toEqual({ alt: 'sse' });
    const translator = chat.stream!(call);
    const frames = parseSseEvents(await response.text()).flatMap((event) => translator.push(event));
    frames.push(...translator.end(true));

    const payloads = parseSseEvents(frames.join('')).map((event) => event.data);
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1).map((data) => JSON.parse(data) as Record<string, unknown>);
    const deltas = chunks.slice(0, -1).map((chunk) => {
      const [choice] = chunk.choices as Array<{ delta: { content?: string } }>;
      return choice?.delta.content ?? '';
    });
    expect(deltas.join('')).toBe(FAKE_REPLY_TEXT);
    const prompt = geminiPromptTokens(upstream.requests[0]?.body);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: prompt, completion_tokens: FAKE_COMPLETION_TOKENS },
    });
    expect(translator.usage()).toEqual({ prompt_tokens: prompt, completion_tokens: FAKE_COMPLETION_TOKENS });
    expect(translator.failed()).toBe(false);
  });

  it('parses a Google error reply with the key redacted', async () => {
    upstream.script({ status: 400, message: `API key not valid: ${TEST_GEMINI_KEY}` });
    const call = callFor(false);
    const response = await send(chat.request(call));
    expect(response.status).toBe(400);
    const error = geminiProvider.parseError(response.status, await response.text(), call.channel);
    expect(error).toEqual({
      status: 400,
      message: 'API key not valid: xxxxx',
      type: 'gemini_error',
      code: 400,
      param: 'INVALID_ARGUMENT',
    });
  });

  it('passes a native streamGenerateContent call through unchanged', async () => {
    const call = testGeminiCall({
      operation: 'gemini-generate',
      channel: testGeminiChannel({ baseUrl: upstream.url }),
      model: 'gemini-2.0-flash',
      body: { contents: [{ role: 'user', parts: [{ text: 'hello there' }] }] },
      stream: true,
      gemini: { version: 'v1', action: 'streamGenerateContent', sse: true },
    });
    const native = geminiProvider.operations['gemini-generate']!;
    const response = await send(native.request(call));
    const raw = await response.text();
    expect(upstream.requests[0]?.path).toBe('/v1/models/gemini-2.0-flash:streamGenerateContent');
    const translator = native.stream!(call);
    const frames = parseSseEvents(raw).flatMap((event) => translator.push(event));
    expect(frames.join('')).toBe(raw);
    expect(translator.end(true)).toEqual([]);
    expect(translator.usage()).toEqual({ prompt_tokens: 2, completion_tokens: FAKE_COMPLETION_TOKENS });
    expect(translator.text()).toBe(FAKE_REPLY_TEXT);
  });
});
