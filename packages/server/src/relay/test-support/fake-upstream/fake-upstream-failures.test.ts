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
