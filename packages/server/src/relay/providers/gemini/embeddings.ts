// OpenAI embeddings ⇔ Gemini batchEmbedContents. Google reports no token usage for embeddings, so
// the reply leaves usage to the pipeline's local count.
import type { OperationAdapter, ProviderCall } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { geminiPost, geminiVersion } from './gemini-endpoint.js';
import { geminiErrorObject, geminiUpstreamError } from './gemini-error.js';
import { asRecord } from './gemini-wire.js';

/** The texts to embed: `input` as a string or an array of strings. */
export function embeddingInputs(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return [];
  return input.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

function embeddingsRequest(call: ProviderCall) {
  const body = call.body instanceof FormData ? {} : call.body;
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
  const requests = embeddingInputs(body.input).map((text) => ({
    model: `models/${call.model}`,
    content: { parts: [{ text }] },
    ...(dimensions !== undefined ? { outputDimensionality: dimensions } : {}),
  }));
  const version = geminiVersion(call.channel);
  return geminiPost(call.channel, version, call.model, 'batchEmbedContents', { requests }, false);
}

/** A float vector as OpenAI's base64 encoding: little-endian float32 bytes. */
function base64Vector(values: number[]): string {
  return Buffer.from(new Float32Array(values).buffer).toString('base64');
}

function embeddingsReply(body: unknown, call: ProviderCall) {
  const error = geminiErrorObject(body);
  if (error) throw new UpstreamFailure(geminiUpstreamError(400, error, call.channel.key));
  const embeddings = asRecord(body)?.embeddings;
  const base64 = !(call.body instanceof FormData) && call.body.encoding_format === 'base64';
  const data = (Array.isArray(embeddings) ? embeddings : []).map((embedding, index) => {
    const raw = asRecord(embedding)?.values;
    const values = Array.isArray(raw)
      ? raw.filter((value): value is number => typeof value === 'number')
      : [];
    return { object: 'embedding', index, embedding: base64 ? base64Vector(values) : values };
  });
  return { body: { object: 'list', data, model: call.model }, text: '' };
}

export const embeddingsAdapter: OperationAdapter = { request: embeddingsRequest, reply: embeddingsReply };
