// POST /v1/chat/completions served by the translating providers (Claude type 14, Gemini type 25) and by
// Azure (type 3): the openai client sees OpenAI replies and streams (tool calls included), the fake
// upstream sees each vendor's own request, and the usage the client saw is what the log bills.
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_COMPLETION_TOKENS, FAKE_REPLY_TEXT } from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
const GEMINI_MODEL = 'gemini-2.0-flash';
const AZURE_MODEL = 'gpt-4o';
const START_QUOTA = 5_000_000;

const WEATHER_TOOL: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
    },
  },
};

describe('chat completions through the Claude, Gemini and Azure providers', () => {
  let r: RelayTestApp;
  let claudeChannel: number;
  let geminiChannel: number;
  let azureChannel: number;
  beforeAll(async () => {
    r = await startRelayApp();
    claudeChannel = await r.addChannel({ type: 14, key: 'sk-ant-fake', models: CLAUDE_MODEL });
    geminiChannel = await r.addChannel({ type: 25, key: 'gemini-fake-key', models: GEMINI_MODEL });
    azureChannel = await r.addChannel({
      type: 3,
      key: 'azure-fake-key',
      models: AZURE_MODEL,
      other: '2024-10-21',
    });
  });
  afterAll(async () => r?.close());

  const caller = () => r.callerWithClient(START_QUOTA);

  const billed = (who: RelayCallerHandle) => r.onlyConsumeLog(who, START_QUOTA);

  async function readStream(stream: AsyncIterable<OpenAI.ChatCompletionChunk>) {
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null | undefined;
    const calls = new Map<number, { id?: string; name: string; args: string }>();
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      text += choice?.delta.content ?? '';
      for (const call of choice?.delta.tool_calls ?? []) {
        const seen = calls.get(call.index) ?? { name: '', args: '' };
        if (call.id) seen.id = call.id;
        seen.name += call.function?.name ?? '';
        seen.args += call.function?.arguments ?? '';
        calls.set(call.index, seen);
      }
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    return { text, usage, finish, calls: [...calls.values()] };
  }

  describe('Claude (type 14)', () => {
    it('non-stream: an Anthropic Messages request upstream, an OpenAI reply back, usage billed', async () => {
      const { who, client } = await caller();
      r.upstream.reset();
      const reply = await client.chat.completions.create({
        model: CLAUDE_MODEL,
        messages: [
          { role: 'system', content: 'be terse' },
          { role: 'user', content: 'hello claude friend' },
        ],
        max_tokens: 64,
      });
      expect(reply.object).toBe('chat.completion');
      expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
      expect(reply.choices[0]?.finish_reason).toBe('stop');
      expect(reply.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: FAKE_COMPLETION_TOKENS });
      const sent = r.upstream.requests[0];
      expect(sent?.path).toBe('/v1/messages');
      expect(sent?.headers['x-api-key']).toBe('sk-ant-fake');
      expect(sent?.headers['anthropic-version']).toBeTruthy();
      expect(sent?.body).toMatchObject({ model: CLAUDE_MODEL, max_tokens: 64 });
      const log = await billed(who);
      expect(log.model_name).toBe(CLAUDE_MODEL);
      expect(log.channel_id).toBe(claudeChannel);
      expect(log.prompt_tokens).toBe(reply.usage?.prompt_tokens);
      expect(log.completion_tokens).toBe(reply.usage?.completion_tokens);
    });

    it('stream: OpenAI chunks with the gateway usage chunk, billed as streamed', async () => {
      const { who, client } = await caller();
      const stream = await client.chat.completions.create({
        model: CLAUDE_MODEL,
        messages: [{ role: 'user', content: 'stream to me please' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const read = await readStream(stream);
      expect(read.text).toBe(FAKE_REPLY_TEXT);
      expect(read.finish).toBe('stop');
      expect(read.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: FAKE_COMPLETION_TOKENS });
      const log = await billed(who);
      expect(log.is_stream).toBe(1);
      expect(log.prompt_tokens).toBe(read.usage?.prompt_tokens);
      expect(log.completion_tokens).toBe(read.usage?.completion_tokens);
    });

    it('tool calls (non-stream): Anthropic tools upstream, tool_calls back', async () => {
      const { who, client } = await caller();
      r.upstream.reset();
      const reply = await client.chat.completions.create({
        model: CLAUDE_MODEL,
        messages: [{ role: 'user', content: 'weather in Paris?' }],
        tools: [WEATHER_TOOL],
      });
      expect(r.upstream.requests[0]?.body).toMatchObject({
        tools: [
          expect.objectContaining({
            name: 'get_weather',
            input_schema: expect.objectContaining({ type: 'object' }),
          }),
        ],
      });
      const choice = reply.choices[0];
      expect(choice?.finish_reason).toBe('tool_calls');
      const call = choice?.message.tool_calls?.[0];
      expect(call?.type).toBe('function');
      if (call?.type !== 'function') throw new Error('expected a function call');
      expect(call.function.name).toBe('get_weather');
      expect(JSON.parse(call.function.arguments)).toEqual({ city: 'fake', days: 1 });
      const log = await billed(who);
      expect(log.prompt_tokens).toBe(reply.usage?.prompt_tokens);
      expect(log.completion_tokens).toBe(reply.usage?.completion_tokens);
    });

    it('tool calls (stream): the arguments arrive in pieces and join into the call', async () => {
      const { who, client } = await caller();
      const stream = await client.chat.completions.create({
        model: CLAUDE_MODEL,
        messages: [{ role: 'user', content: 'weather in Rome?' }],
        tools: [WEATHER_TOOL],
        stream: true,
        stream_options: { include_usage: true },
      });
      const read = await readStream(stream);
      expect(read.finish).toBe('tool_calls');
      expect(read.calls).toHaveLength(1);
      expect(read.calls[0]?.id).toMatch(/^toolu_fake_/);
      expect(read.calls[0]?.name).toBe('get_weather');
      expect(JSON.parse(read.calls[0]?.args ?? '')).toEqual({ city: 'fake', days: 1 });
      const log = await billed(who);
      expect(log.prompt_tokens).toBe(read.usage?.prompt_tokens);
      expect(log.completion_tokens).toBe(read.usage?.completion_tokens);
    });
  });

  describe('Gemini (type 25)', () => {
    it('non-stream: generateContent upstream with the key header, an OpenAI reply back', async () => {
      const { who, client } = await caller();
      r.upstream.reset();
      const reply = await client.chat.completions.create({
        model: GEMINI_MODEL,
        messages: [
          { role: 'system', content: 'answer kindly' },
          { role: 'user', content: 'hello gemini' },
        ],
      });
      expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
      expect(reply.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: FAKE_COMPLETION_TOKENS });
      const sent = r.upstream.requests[0];
      expect(sent?.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
      expect(sent?.headers['x-goog-api-key']).toBe('gemini-fake-key');
      expect(sent?.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'hello gemini' }] }] });
      const log = await billed(who);
      expect(log.model_name).toBe(GEMINI_MODEL);
      expect(log.channel_id).toBe(geminiChannel);
      expect(log.prompt_tokens).toBe(reply.usage?.prompt_tokens);
      expect(log.completion_tokens).toBe(reply.usage?.completion_tokens);
    });

    it('stream: streamGenerateContent?alt=sse upstream, OpenAI chunks and usage back', async () => {
      const { who, client } = await caller();
      r.upstream.reset();
      const stream = await client.chat.completions.create({
        model: GEMINI_MODEL,
        messages: [{ role: 'user', content: 'stream it gemini' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const read = await readStream(stream);
      expect(read.text).toBe(FAKE_REPLY_TEXT);
      expect(read.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: FAKE_COMPLETION_TOKENS });
      const sent = r.upstream.requests[0];
      expect(sent?.path).toBe(`/v1beta/models/${GEMINI_MODEL}:streamGenerateContent`);
      expect(sent?.query.alt).toBe('sse');
      const log = await billed(who);
      expect(log.is_stream).toBe(1);
      expect(log.prompt_tokens).toBe(read.usage?.prompt_tokens);
      expect(log.completion_tokens).toBe(read.usage?.completion_tokens);
    });
  });

  describe('Azure (type 3)', () => {
    it('sends to the deployment path with the channel api-version and api-key; bills the usage', async () => {
      const { who, client } = await caller();
      r.upstream.reset();
      const reply = await client.chat.completions.create({
        model: AZURE_MODEL,
        messages: [{ role: 'user', content: 'hello azure deployment' }],
      });
      expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
      const sent = r.upstream.requests[0];
      expect(sent?.path).toBe(`/openai/deployments/${AZURE_MODEL}/chat/completions`);
      expect(sent?.query).toEqual({ 'api-version': '2024-10-21' });
      expect(sent?.headers['api-key']).toBe('azure-fake-key');
      const log = await billed(who);
      expect(log.channel_id).toBe(azureChannel);
      expect(log.prompt_tokens).toBe(reply.usage?.prompt_tokens);
      expect(log.completion_tokens).toBe(reply.usage?.completion_tokens);
    });

    it('stream: asks the deployment for usage itself, so a client without include_usage is billed too', async () => {
      const { who, client } = await caller();
      r.upstream.reset();
      const stream = await client.chat.completions.create({
        model: AZURE_MODEL,
        messages: [{ role: 'user', content: 'stream from azure' }],
        stream: true,
      });
      const read = await readStream(stream);
      expect(read.text).toBe(FAKE_REPLY_TEXT);
      expect(read.usage).toBeUndefined();
      const sent = r.upstream.requests[0];
      expect(sent?.path).toBe(`/openai/deployments/${AZURE_MODEL}/chat/completions`);
      expect(sent?.query['api-version']).toBe('2024-10-21');
      expect(sent?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      const log = await billed(who);
      expect(log.is_stream).toBe(1);
      expect(log.prompt_tokens).toBe(3);
      expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
    });
  });
  it('Gemini embeddings: translated, with the local count as usage (Google reports none)', async () => {
    await r.addChannel({ type: 25, key: 'gemini-embed-key', models: 'text-embedding-004' });
    const { who, client } = await caller();
    const reply = await client.embeddings.create({ model: 'text-embedding-004', input: ['one', 'two'] });
    expect(reply.data).toHaveLength(2);
    expect(reply.usage.prompt_tokens).toBeGreaterThan(0);
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(reply.usage.prompt_tokens);
  });
});
