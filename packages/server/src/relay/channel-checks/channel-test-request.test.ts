import { describe, expect, it } from 'vitest';
import { channelTestKind, channelTestRequest, TEST_PROMPT } from './channel-test-request.js';
import { billingUsageWindow } from './openai-balance.js';

describe('channelTestKind (spec §8.2 step 2)', () => {
  it.each([
    ['tts-1', 'unsupported'],
    ['whisper-1', 'unsupported'],
    ['gpt-4o-mini-speech', 'unsupported'],
    ['mj_imagine', 'unsupported'],
    ['chirp-v3', 'unsupported'],
    // rerank is in both lists; unsupported wins.
    ['bge-reranker-v2-m3', 'unsupported'],
    ['text-embedding-3-small', 'embeddings'],
    ['nomic-Embed-text', 'embeddings'],
    ['bge-m3', 'embeddings'],
    ['jina-embeddings-v3', 'embeddings'],
    ['dall-e-3', 'image'],
    ['flux-pro', 'image'],
    ['gpt-image-1', 'image'],
    ['stable-diffusion-xl', 'image'],
    ['o1', 'responses'],
    ['o3-mini', 'responses'],
    ['o0-model', 'chat'],
    ['gpt-4o', 'chat'],
    ['claude-3-5-sonnet', 'chat'],
    // Case matters, as in one-hub: only `tts` at the start is speech.
    ['my-tts', 'chat'],
  ])('%s ⇒ %s', (model, kind) => {
    expect(channelTestKind(model)).toBe(kind);
  });

  it('builds one fixed small body per kind, with the upstream model', () => {
    expect(channelTestRequest('chat', 'm')).toEqual({
      operation: 'chat',
      body: { model: 'm', messages: [{ role: 'user', content: TEST_PROMPT }], stream: false },
    });
    expect(channelTestRequest('embeddings', 'm')).toEqual({
      operation: 'embeddings',
      body: { model: 'm', input: 'hi' },
    });
    expect(channelTestRequest('image', 'm')).toEqual({
      operation: 'images',
      body: { model: 'm', prompt: 'A cute cat', n: 1 },
    });
    expect(channelTestRequest('responses', 'm').operation).toBe('responses');
  });
});

describe('billingUsageWindow (spec §8.3)', () => {
  it('covers this month with a payment method, else the last 100 calendar days', () => {
    const now = new Date(2026, 2, 15, 0, 30); // 15 March, local time
    expect(billingUsageWindow(true, now)).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(billingUsageWindow(false, now)).toEqual({ start: '2025-12-05', end: '2026-03-15' });
  });
});
