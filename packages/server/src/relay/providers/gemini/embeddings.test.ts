import { describe, expect, it } from 'vitest';
import { UpstreamFailure } from '../provider.js';
import { embeddingsAdapter } from './embeddings.js';
import { testGeminiCall } from './gemini-test-call.js';

const embeddingsCall = (body: Record<string, unknown>) =>
  testGeminiCall({
    operation: 'embeddings',
    model: 'text-embedding-004',
    body: { model: 'text-embedding-004', ...body },
  });

describe('gemini embeddings', () => {
  it('sends an array input as one batchEmbedContents request per text', () => {
    const request = embeddingsAdapter.request(embeddingsCall({ input: ['one', 'two'], dimensions: 256 }));
    expect(request.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/text-embedding-004:batchEmbedContents',
    );
    expect(JSON.parse(String(request.body))).toEqual({
      requests: [
        {
          model: 'models/text-embedding-004',
          content: { parts: [{ text: 'one' }] },
          outputDimensionality: 256,
        },
        {
          model: 'models/text-embedding-004',
          content: { parts: [{ text: 'two' }] },
          outputDimensionality: 256,
        },
      ],
    });
  });

  it('sends a string input as a single request', () => {
    const request = embeddingsAdapter.request(embeddingsCall({ input: 'solo' }));
    expect(JSON.parse(String(request.body))).toEqual({
      requests: [{ model: 'models/text-embedding-004', content: { parts: [{ text: 'solo' }] } }],
    });
  });

  it('answers an OpenAI list and leaves the usage to the local count', () => {
    const reply = embeddingsAdapter.reply(
      { embeddings: [{ values: [0.5, -1] }, { values: [0.25, 2] }] },
      embeddingsCall({ input: ['a', 'b'] }),
    );
    expect(reply.body).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.5, -1] },
        { object: 'embedding', index: 1, embedding: [0.25, 2] },
      ],
      model: 'text-embedding-004',
    });
    expect(reply.usage).toBeUndefined();
  });

  it('encodes vectors as little-endian float32 base64 when asked', () => {
    const reply = embeddingsAdapter.reply(
      { embeddings: [{ values: [1, -2] }] },
      embeddingsCall({ input: 'a', encoding_format: 'base64' }),
    );
    const encoded = (reply.body as { data: Array<{ embedding: string }> }).data[0]?.embedding ?? '';
    const bytes = Buffer.from(encoded, 'base64');
    expect([bytes.readFloatLE(0), bytes.readFloatLE(4)]).toEqual([1, -2]);
  });

  it('throws for an error inside a 200', () => {
    const body = { error: { code: 400, message: 'bad input', status: 'INVALID_ARGUMENT' } };
    expect(() => embeddingsAdapter.reply(body, embeddingsCall({ input: 'a' }))).toThrow(UpstreamFailure);
  });
});
