import { describe, expect, it } from 'vitest';
import { geminiProvider } from './gemini-provider.js';
import { TEST_GEMINI_KEY, testGeminiCall, testGeminiChannel } from './gemini-test-call.js';

describe('geminiProvider', () => {
  it('serves channel type 25 with chat, native and embeddings operations', () => {
    expect(geminiProvider.name).toBe('gemini');
    expect(geminiProvider.types).toEqual([25]);
    expect(Object.keys(geminiProvider.operations).sort()).toEqual(['chat', 'embeddings', 'gemini-generate']);
  });

  it('builds the chat request on the default base URL and v1beta with key, JSON and channel headers', () => {
    const channel = testGeminiChannel({ headers: { 'x-extra': 'yes' } });
    const request = geminiProvider.operations.chat?.request(testGeminiCall({ channel }));
    expect(request?.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    );
    expect(request?.headers).toEqual({
      'content-type': 'application/json',
      'x-goog-api-key': TEST_GEMINI_KEY,
      'x-extra': 'yes',
    });
    expect(JSON.parse(String(request?.body))).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
  });

  it('uses the channel base URL (trailing slash dropped) and version, and alt=sse for streams', () => {
    const channel = testGeminiChannel({ baseUrl: 'https://proxy.test/google/', other: 'v1' });
    const request = geminiProvider.operations.chat?.request(testGeminiCall({ channel, stream: true }));
    expect(request?.url).toBe(
      'https://proxy.test/google/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
  });

  it('lists models without the models/ prefix', () => {
    const request = geminiProvider.modelsRequest?.(testGeminiChannel());
    expect(request).toEqual({
      method: 'GET',
      url: 'https://generativelanguage.googleapis.com/v1beta/models',
      headers: { 'x-goog-api-key': TEST_GEMINI_KEY },
    });
    const models = geminiProvider.parseModels?.({
      models: [
        { name: 'models/gemini-2.5-pro' },
        { name: 'models/text-embedding-004' },
        { displayName: 'x' },
      ],
    });
    expect(models).toEqual(['gemini-2.5-pro', 'text-embedding-004']);
    expect(geminiProvider.parseModels?.({})).toEqual([]);
  });
});
