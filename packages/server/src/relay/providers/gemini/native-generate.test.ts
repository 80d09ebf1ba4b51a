import { describe, expect, it } from 'vitest';
import { UpstreamFailure } from '../provider.js';
import { nativeGenerateAdapter } from './native-generate.js';
import { TEST_GEMINI_KEY, testGeminiCall, testGeminiChannel } from './gemini-test-call.js';

const nativeBody = {
  contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
  generationConfig: { temperature: 1 },
};

const nativeCall = (action: string, version = 'v1', sse = true) =>
  testGeminiCall({
    operation: 'gemini-generate',
    model: 'gemini-2.5-pro',
    body: { ...nativeBody, model: 'gemini-2.5-pro' },
    gemini: { version, action, sse },
  });

describe('native gemini-generate request', () => {
  it('forwards the body (without the model field) to generateContent on the path version', () => {
    const request = nativeGenerateAdapter.request(nativeCall('generateContent'));
    expect(request.method).toBe('POST');
    expect(request.url).toBe(
      'https://generativelanguage.googleapis.com/v1/models/gemini-2.5-pro:generateContent',
    );
    expect(request.headers['x-goog-api-key']).toBe(TEST_GEMINI_KEY);
    expect(JSON.parse(String(request.body))).toEqual(nativeBody);
  });

  it('streams with alt=sse for streamGenerateContent; other actions fall back to generateContent', () => {
    expect(nativeGenerateAdapter.request(nativeCall('streamGenerateContent', 'v1beta')).url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
    );
    expect(nativeGenerateAdapter.request(nativeCall('countTokens', 'v1beta')).url).toMatch(
      /:generateContent$/,
    );
  });

  it('falls back to the channel version when the path gives none', () => {
    const call = { ...nativeCall('generateContent', ''), channel: testGeminiChannel({ other: 'v1alpha' }) };
    expect(nativeGenerateAdapter.request(call).url).toContain('/v1alpha/models/');
  });
});

describe('native gemini-generate reply and stream', () => {
  it('returns the reply unchanged with its usage', () => {
    const body = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, thoughtsTokenCount: 4 },
    };
    const reply = nativeGenerateAdapter.reply(body, nativeCall('generateContent'));
    expect(reply.body).toBe(body);
    expect(reply.usage).toEqual({ prompt_tokens: 3, completion_tokens: 5, extra: { reasoning_tokens: 4 } });
    expect(reply.text).toBe('Hello');
  });

  it('throws for an error inside a 200', () => {
    const body = { error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } };
    expect(() => nativeGenerateAdapter.reply(body, nativeCall('generateContent'))).toThrow(UpstreamFailure);
  });

  it('forwards every frame unchanged, reads the running usage and adds nothing at the end', () => {
    const translator = nativeGenerateAdapter.stream?.(nativeCall('streamGenerateContent'));
    if (!translator) throw new Error('no stream');
    const events = [
      '{"candidates":[{"content":{"parts":[{"text":"Hel"}]}}],"usageMetadata":{"promptTokenCount":2,"candidatesTokenCount":1}}',
      '{"candidates":[{"content":{"parts":[{"text":"lo"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":2,"candidatesTokenCount":2}}',
    ];
    const frames = events.flatMap((data) => translator.push({ data }));
    expect(frames).toEqual(events.map((data) => `data: ${data}\n\n`));
    expect(translator.end(true)).toEqual([]);
    expect(translator.usage()).toEqual({ prompt_tokens: 2, completion_tokens: 2 });
    expect(translator.text()).toBe('Hello');
    expect(translator.failed()).toBe(false);
  });

  it("without alt=sse writes Google's JSON array, element by element, still asking upstream for SSE", () => {
    const call = nativeCall('streamGenerateContent', 'v1beta', false);
    expect(nativeGenerateAdapter.request(call).url).toMatch(/:streamGenerateContent\?alt=sse$/);
    const translator = nativeGenerateAdapter.stream?.(call);
    if (!translator) throw new Error('no stream');
    expect(translator.contentType).toBe('application/json; charset=utf-8');
    const events = ['{"candidates":[],"n":1}', '{"candidates":[],"n":2}'];
    const written = [...events.flatMap((data) => translator.push({ data })), ...translator.end(true)].join(
      '',
    );
    expect(written).toBe('[{"candidates":[],"n":1},\r\n{"candidates":[],"n":2}]');
    expect(JSON.parse(written)).toEqual(events.map((event) => JSON.parse(event)));
    const empty = nativeGenerateAdapter.stream?.(call);
    expect(empty?.end(true)).toEqual(['[]']);
  });

  it('forwards a mid-stream error (key redacted) and reports the failure', () => {
    const translator = nativeGenerateAdapter.stream?.(nativeCall('streamGenerateContent'));
    if (!translator) throw new Error('no stream');
    const data = JSON.stringify({
      error: { code: 500, message: `key ${TEST_GEMINI_KEY}`, status: 'INTERNAL' },
    });
    expect(translator.push({ data })).toEqual([`data: ${data.replace(TEST_GEMINI_KEY, 'xxxxx')}\n\n`]);
    expect(translator.failed()).toBe(true);
    expect(translator.end(true)).toEqual([]);
  });
});
