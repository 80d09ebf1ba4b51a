import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from './index.js';

let upstream: FakeUpstream;
let openai: OpenAI;
const messages = [{ role: 'user' as const, content: 'hi' }];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  openai = new OpenAI({ apiKey: 'sk-x', baseURL: `${upstream.url}/v1`, maxRetries: 0 });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const post = (path: string, body: unknown) =>
  fetch(`${upstream.url}${path}`, { method: 'POST', body: JSON.stringify(body) });

describe('fake upstream failure scripts', () => {
  it('Given a scripted 500, Then the openai client throws an APIError with status 500, and the next request succeeds', async () => {
    upstream.script({ status: 500, message: 'boom' });
    const failure = await openai.chat.completions
      .create({ model: 'm', messages })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIError);
    expect((failure as APIError).status).toBe(500);
    expect((failure as APIError).message).toContain('boom');
    const reply = await openai.chat.completions.create({ model: 'm', messages });
    expect(reply.choices[0]?.message.content).toBeTruthy();
  });

  it('Given a 429 for two requests, Then each vendor gets its own error shape twice, then success', async () => {
    upstream.script({ status: 429, times: 2 });
    const claude = await post('/v1/messages', { model: 'c', messages });
    expect(claude.status).toBe(429);
    expect(await claude.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    const gemini = await post('/v1beta/models/g:generateContent', { contents: [] });
    expect(gemini.status).toBe(429);
    expect(await gemini.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    expect((await post('/v1/messages', { model: 'c', messages })).status).toBe(200);
  });

  it('Given a scripted 401 with a custom body, Then that body is sent verbatim', async () => {
    upstream.script({
      status: 401,
      body: { error: { message: 'Incorrect API key', code: 'invalid_api_key' } },
    });
    const res = await post('/v1/chat/completions', { model: 'm', messages });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { message: 'Incorrect API key', code: 'invalid_api_key' } });
  });

  it('Given breakStreamAfter 2, Then the openai stream iterator errors after the first chunks', async () => {
    upstream.script({ breakStreamAfter: 2 });
    const stream = await openai.chat.completions.create({ model: 'm', messages, stream: true });
    const seen: string[] = [];
    const consume = async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
    };
    await expect(consume()).rejects.toThrow();
    expect(seen).toEqual(['', 'Hello']);
  });

  it('Given a delay beyond the client timeout, Then the openai client aborts with a timeout error', async () => {
    upstream.script({ delayMs: 2_000 });
    const quick = new OpenAI({ apiKey: 'sk-x', baseURL: `${upstream.url}/v1`, maxRetries: 0, timeout: 200 });
    const failure = await quick.chat.completions
      .create({ model: 'm', messages })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIConnectionTimeoutError);
    expect(upstream.requests).toHaveLength(1);
  });

  it('Given an unknown path, Then it replies 404 in the OpenAI shape and still records the request', async () => {
    const res = await post('/v1/nothing', {});
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(upstream.requests[0]?.path).toBe('/v1/nothing');
  });
});

/** The `data:` payloads of an SSE body, with their `event:` names. */
async function sseEvents(res: Response): Promise<Array<{ event: string | undefined; data: string }>> {
  return (await res.text())
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      return {
        event: lines.find((line) => line.startsWith('event: '))?.slice(7),
        data: lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '',
      };
    });
}

describe('fake upstream noUsage script', () => {
  it('Given noUsage, Then an OpenAI chat reply has no usage and a stream with include_usage has no usage at all', async () => {
    upstream.script({ noUsage: true, times: 2 });
    const reply = await openai.chat.completions.create({ model: 'm', messages });
    expect(reply.choices[0]?.message.content).toBeTruthy();
    expect('usage' in reply).toBe(false);
    const request = { model: 'm', messages, stream: true, stream_options: { include_usage: true } };
    const events = await sseEvents(await post('/v1/chat/completions', request));
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
    expect(chunks.some((chunk) => 'usage' in chunk)).toBe(false);
    // No usage-only chunk either: every chunk still carries its one choice.
    expect(chunks.every((chunk) => chunk.choices.length === 1)).toBe(true);
    const normal = await openai.chat.completions.create({ model: 'm', messages });
    expect(normal.usage?.completion_tokens).toBe(5);
  });

  it('Given noUsage, Then Claude, Gemini, completions and Responses replies carry no usage field', async () => {
    upstream.script({ noUsage: true, times: 5 });
    const claude = await sseEvents(await post('/v1/messages', { model: 'c', messages, stream: true }));
    expect(claude.some((event) => event.data.includes('usage'))).toBe(false);
    expect(claude.at(-1)?.event).toBe('message_stop');
    const gemini = await (await post('/v1beta/models/g:generateContent', { contents: [] })).json();
    expect(gemini).toMatchObject({ candidates: [{ finishReason: 'STOP' }] });
    expect(gemini).not.toHaveProperty('usageMetadata');
    const completion = await (await post('/v1/completions', { model: 'm', prompt: 'x' })).json();
    expect(completion).toMatchObject({ object: 'text_completion' });
    expect(completion).not.toHaveProperty('usage');
    const response = await (await post('/v1/responses', { model: 'm', input: 'x' })).json();
    expect(response).toMatchObject({ status: 'completed' });
    expect(response).not.toHaveProperty('usage');
    const streamed = await sseEvents(await post('/v1/responses', { model: 'm', input: 'x', stream: true }));
    const completed = JSON.parse(streamed.at(-1)?.data ?? '{}');
    expect(completed.type).toBe('response.completed');
    expect('usage' in completed.response).toBe(false);
  });
});

describe('fake upstream midStreamError and 200 error scripts', () => {
  it('Given midStreamError, Then the openai stream yields the first chunks and throws the error, no [DONE]', async () => {
    upstream.script({ midStreamError: true, message: 'upstream fell over' });
    const stream = await openai.chat.completions.create({ model: 'm', messages, stream: true });
    const seen: string[] = [];
    const consume = async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
    };
    const failure = await consume().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIError);
    expect((failure as APIError).message).toContain('upstream fell over');
    expect(seen).toEqual(['', 'Hello']);
  });

  it('Given midStreamError on a raw completions stream, Then the last frame is the error object and [DONE] never comes', async () => {
    upstream.script({ midStreamError: true, message: 'cut' });
    const res = await post('/v1/completions', { model: 'm', prompt: 'x', stream: true });
    expect(res.status).toBe(200);
    const events = await sseEvents(res);
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0]?.data ?? '{}').choices[0].text).toBe('Hello');
    expect(JSON.parse(events[1]?.data ?? '{}')).toMatchObject({
      error: { message: 'cut', type: 'server_error' },
    });
  });

  it('Given midStreamError on Claude, Then an error event follows the first text delta and the stream ends', async () => {
    upstream.script({ midStreamError: true, message: 'overloaded' });
    const events = await sseEvents(await post('/v1/messages', { model: 'c', messages, stream: true }));
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'error',
    ]);
    expect(JSON.parse(events[4]?.data ?? '{}')).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'overloaded' },
    });
  });

  it('Given midStreamError on Gemini (SSE and JSON array) and Responses, Then the error follows the first chunk', async () => {
    upstream.script({ midStreamError: true, times: 3, body: { error: { code: 500, message: 'custom' } } });
    const request = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const sse = await sseEvents(await post('/v1beta/models/g:streamGenerateContent?alt=sse', request));
    expect(sse).toHaveLength(2);
    expect(JSON.parse(sse[1]?.data ?? '{}')).toEqual({ error: { code: 500, message: 'custom' } });
    const array = await (await post('/v1beta/models/g:streamGenerateContent', request)).json();
    expect(array).toEqual([
      expect.objectContaining({ candidates: expect.any(Array) }),
      { error: { code: 500, message: 'custom' } },
    ]);
    const responses = await sseEvents(await post('/v1/responses', { model: 'm', input: 'x', stream: true }));
    expect(responses.at(-2)?.event).toBe('response.output_text.delta');
    expect(responses.at(-1)).toEqual({
      event: 'error',
      data: JSON.stringify({ error: { code: 500, message: 'custom' } }),
    });
  });

  it('Given status 200 with an error body, Then the client gets HTTP 200 and that JSON verbatim', async () => {
    const body = { error: { message: 'quota gone', type: 'insufficient_quota', code: 'insufficient_quota' } };
    upstream.script({ status: 200, body });
    const res = await post('/v1/chat/completions', { model: 'm', messages });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(body);
  });

  it('Given breakStreamAfter on a speech reply, Then the socket drops before any byte', async () => {
    upstream.script({ breakStreamAfter: 0 });
    await expect(post('/v1/audio/speech', { model: 'tts-1', input: 'hi', voice: 'alloy' })).rejects.toThrow();
    expect(upstream.requests).toHaveLength(1);
  });
});
