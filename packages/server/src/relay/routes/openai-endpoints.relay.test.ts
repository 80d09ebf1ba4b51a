// Every OpenAI-format endpoint besides chat, called through the official `openai` client as a real
// client would: the reply the client reads, then (after the ledger flush) the consume log row and the
// user's quota, which must move by exactly the logged charge.
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_EMBEDDING_DIMENSIONS,
  FAKE_REPLY_TEXT,
  fakeSpeechLength,
} from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { countTextTokens } from '../tokens/index.js';

const MODELS = [
  'gpt-4o-mini',
  'gpt-3.5-turbo-instruct',
  'text-embedding-3-small',
  'dall-e-2',
  'tts-1',
  'text-moderation-stable',
];
const START_QUOTA = 5_000_000;
const exact = { approximate: false };

describe('OpenAI-format endpoints through the official openai client', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: MODELS.join(',') });
  });
  afterAll(async () => r?.close());

  const caller = () => r.callerWithClient(START_QUOTA);

  const billed = (who: RelayCallerHandle) => r.onlyConsumeLog(who, START_QUOTA);

  it('completions (non-stream): text back, the reported usage billed', async () => {
    const { who, client } = await caller();
    const reply = await client.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say hello to the gateway',
    });
    expect(reply.object).toBe('text_completion');
    expect(reply.choices[0]?.text).toBe(FAKE_REPLY_TEXT);
    expect(reply.usage?.prompt_tokens).toBe(5);
    const log = await billed(who);
    expect(log.model_name).toBe('gpt-3.5-turbo-instruct');
    expect(log.is_stream).toBe(0);
    expect(log.prompt_tokens).toBe(reply.usage?.prompt_tokens);
    expect(log.completion_tokens).toBe(reply.usage?.completion_tokens);
  });

  it('completions (stream with include_usage): the pieces, a usage chunk, billed as streamed', async () => {
    const { who, client } = await caller();
    const stream = await client.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Stream a hello',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.text ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(FAKE_REPLY_TEXT);
    expect(usage?.prompt_tokens).toBe(3);
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.prompt_tokens).toBe(usage?.prompt_tokens);
    expect(log.completion_tokens).toBe(usage?.completion_tokens);
  });

  it('completions without upstream usage: billed on the local counts', async () => {
    const { who, client } = await caller();
    r.upstream.script({ noUsage: true });
    const prompt = 'Count these words locally please';
    const reply = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt });
    expect(reply.usage).toBeUndefined();
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(countTextTokens('gpt-3.5-turbo-instruct', prompt, exact));
    expect(log.completion_tokens).toBe(countTextTokens('gpt-3.5-turbo-instruct', FAKE_REPLY_TEXT, exact));
  });

  it('a chat stream without upstream usage: the streamed text is counted for the bill', async () => {
    const { who, client } = await caller();
    r.upstream.script({ noUsage: true });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'stream without usage' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(FAKE_REPLY_TEXT);
    const log = await billed(who);
    expect(log.completion_tokens).toBe(countTextTokens('gpt-4o-mini', FAKE_REPLY_TEXT, exact));
  });

  it('a reply without usage, estimated from its length, is billed no higher than its completion limit, per choice', async () => {
    const counted = countTextTokens('gpt-4o-mini', FAKE_REPLY_TEXT, exact);
    const estimated = countTextTokens('gpt-4o-mini', FAKE_REPLY_TEXT, { approximate: true });
    expect(estimated).toBeGreaterThan(4);
    await r.setOptions({ ApproximateTokenEnabled: 'true' });
    for (const [limits, expected] of [
      [{ max_tokens: 2 }, 2],
      [{ max_completion_tokens: 2, n: 2 }, 4],
      [{ max_tokens: 1_000 }, estimated],
    ] as const) {
      const { who, client } = await caller();
      r.upstream.script({ noUsage: true });
      const reply = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'json without usage' }],
        ...limits,
      });
      expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
      expect((await billed(who)).completion_tokens).toBe(expected);
    }
    // Counted exactly, the reply is billed as counted (spec §10.4), whatever the limit.
    await r.setOptions({ ApproximateTokenEnabled: 'false' });
    expect(counted).toBeGreaterThan(2);
    const { who, client } = await caller();
    r.upstream.script({ noUsage: true });
    await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'json without usage' }],
      max_tokens: 2,
    });
    expect((await billed(who)).completion_tokens).toBe(counted);
  });

  it('embeddings: vectors back, prompt tokens billed', async () => {
    const { who, client } = await caller();
    const reply = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['first text here', 'second'],
      encoding_format: 'float',
    });
    expect(reply.data).toHaveLength(2);
    expect(reply.data[1]?.embedding).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    expect(reply.usage.prompt_tokens).toBe(4);
    const log = await billed(who);
    expect(log.model_name).toBe('text-embedding-3-small');
    expect(log.prompt_tokens).toBe(reply.usage.prompt_tokens);
    expect(log.completion_tokens).toBe(0);
  });

  it('embeddings without upstream usage: the local input count is billed', async () => {
    const { who, client } = await caller();
    r.upstream.script({ noUsage: true });
    const input = 'an input the gateway counts itself';
    const reply = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input,
      encoding_format: 'float',
    });
    expect(reply.data).toHaveLength(1);
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(countTextTokens('text-embedding-3-small', input, exact));
    expect(log.completion_tokens).toBe(0);
  });

  it('images.generate: image URLs back, billed on the size estimate (dall-e-2 256² = 1000)', async () => {
    const { who, client } = await caller();
    const reply = await client.images.generate({
      model: 'dall-e-2',
      prompt: 'a lighthouse',
      size: '256x256',
      n: 1,
    });
    expect(reply.data?.[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fake-files\/.+\.png$/);
    const log = await billed(who);
    expect(log.model_name).toBe('dall-e-2');
    expect(log.prompt_tokens).toBe(1000);
    expect(log.completion_tokens).toBe(0);
  });

  it('audio.speech: the audio bytes come back, billed on the input byte length', async () => {
    const { who, client } = await caller();
    const input = 'Read this sentence aloud, café';
    const reply = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input });
    expect(reply.headers.get('content-type')).toBe('audio/mpeg');
    const audio = Buffer.from(await reply.arrayBuffer());
    expect(audio.length).toBe(fakeSpeechLength(input));
    expect([audio[0], audio[1]]).toEqual([0xff, 0xf3]);
    const log = await billed(who);
    expect(log.model_name).toBe('tts-1');
    expect(log.prompt_tokens).toBe(Buffer.byteLength(input, 'utf8'));
    expect(log.completion_tokens).toBe(0);
  });

  it('moderations: results back, model defaulted, the local input count billed', async () => {
    const { who, client } = await caller();
    const input = 'a perfectly friendly sentence';
    const reply = await client.moderations.create({ input });
    expect(reply.model).toBe('text-moderation-stable');
    expect(reply.results[0]?.flagged).toBe(false);
    const log = await billed(who);
    expect(log.model_name).toBe('text-moderation-stable');
    expect(log.prompt_tokens).toBe(countTextTokens('text-moderation-stable', input, exact));
    expect(log.completion_tokens).toBe(0);
  });

  it('responses (non-stream): output_text back, input/output tokens billed', async () => {
    const { who, client } = await caller();
    const reply = await client.responses.create({
      model: 'gpt-4o-mini',
      instructions: 'be brief',
      input: 'what is a gateway',
    });
    expect(reply.object).toBe('response');
    expect(reply.output_text).toBe(FAKE_REPLY_TEXT);
    expect(reply.usage?.input_tokens).toBe(6);
    const log = await billed(who);
    expect(log.model_name).toBe('gpt-4o-mini');
    expect(log.is_stream).toBe(0);
    expect(log.prompt_tokens).toBe(reply.usage?.input_tokens);
    expect(log.completion_tokens).toBe(reply.usage?.output_tokens);
  });

  it('responses (stream): typed events through response.completed, its usage billed', async () => {
    const { who, client } = await caller();
    const stream = await client.responses.create({
      model: 'gpt-4o-mini',
      input: 'stream the answer',
      stream: true,
    });
    let text = '';
    let usage: OpenAI.Responses.ResponseUsage | undefined;
    const types: string[] = [];
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') usage = event.response.usage;
    }
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(text).toBe(FAKE_REPLY_TEXT);
    expect(usage?.input_tokens).toBe(3);
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.prompt_tokens).toBe(usage?.input_tokens);
    expect(log.completion_tokens).toBe(usage?.output_tokens);
  });
});
