import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_COMPLETION_TOKENS, FAKE_REPLY_TEXT, type FakeUpstream, startFakeUpstream } from './index.js';

let upstream: FakeUpstream;
let openai: OpenAI;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  openai = new OpenAI({ apiKey: 'sk-upstream-openai', baseURL: `${upstream.url}/v1`, maxRetries: 0 });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Splits an SSE body into its `data:` payloads (with the `event:` name when present). */
function parseSse(text: string): Array<{ event: string | undefined; data: string }> {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
      return { event, data };
    });
}

const messages = [
  { role: 'system' as const, content: 'You are terse' },
  { role: 'user' as const, content: 'say hello to the world' },
];

describe('fake upstream, OpenAI format through the official openai client', () => {
  it('Given a chat request, Then it replies the fixed text with usage counted from the words and records the key', async () => {
    const reply = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages });
    expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
    expect(reply.model).toBe('gpt-4o-mini');
    expect(reply.usage).toEqual({
      prompt_tokens: 8,
      completion_tokens: FAKE_COMPLETION_TOKENS,
      total_tokens: 13,
    });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]?.path).toBe('/v1/chat/completions');
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-upstream-openai');
    expect(upstream.requests[0]?.body).toMatchObject({ model: 'gpt-4o-mini', messages });
  });

  it('Given stream with include_usage, Then the deltas join to the text and a usage-only chunk precedes [DONE]', async () => {
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const usages: unknown[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) {
        expect(chunk.choices).toEqual([]);
        usages.push(chunk.usage);
      }
    }
    expect(text).toBe(FAKE_REPLY_TEXT);
    expect(usages).toEqual([{ prompt_tokens: 8, completion_tokens: 5, total_tokens: 13 }]);
  });

  it('Given stream without include_usage, Then no chunk carries usage and the raw stream ends with [DONE]', async () => {
    const res = await postJson('/v1/chat/completions', { model: 'gpt-4o', messages, stream: true });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = parseSse(await res.text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(events.slice(0, -1).some((event) => 'usage' in JSON.parse(event.data))).toBe(false);
  });

  it('Given embeddings and models calls, Then it answers one vector per input and the model list', async () => {
    const embeddings = await openai.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['a b', 'c'],
    });
    expect(embeddings.data).toHaveLength(2);
    expect(embeddings.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    const models = await openai.models.list();
    expect(models.data.map((model) => model.id)).toContain('gpt-4o-mini');
  });
});

describe('fake upstream, Azure, Claude and Gemini over fetch', () => {
  it('Given an Azure deployment path, Then it answers as OpenAI with the deployment as model and records api-key', async () => {
    const res = await postJson(
      '/openai/deployments/my-gpt/chat/completions?api-version=2024-06-01',
      { messages },
      { 'api-key': 'azure-key-1' },
    );
    const body = (await res.json()) as { model: string; usage: { prompt_tokens: number } };
    expect(body.model).toBe('my-gpt');
    expect(body.usage.prompt_tokens).toBe(8);
    expect(upstream.requests[0]).toMatchObject({ vendor: 'azure', query: { 'api-version': '2024-06-01' } });
    expect(upstream.requests[0]?.headers['api-key']).toBe('azure-key-1');
  });

  it('Given a Claude messages call, Then it replies the Anthropic shape with input tokens from system and messages', async () => {
    const request = { model: 'claude-3-5-haiku', system: 'be kind', max_tokens: 50, messages: [messages[1]] };
    const res = await postJson('/v1/messages', request, { 'x-api-key': 'claude-key' });
    const body = (await res.json()) as { content: Array<{ text: string }>; usage: unknown };
    expect(body.content[0]?.text).toBe(FAKE_REPLY_TEXT);
    expect(body.usage).toEqual({ input_tokens: 7, output_tokens: 5 });
    expect(upstream.requests[0]?.headers['x-api-key']).toBe('claude-key');
  });

  it('Given a streamed Claude call, Then the events run message_start … message_stop with usage in message_delta', async () => {
    const request = { model: 'claude-3-5-haiku', max_tokens: 50, messages: [messages[1]], stream: true };
    const events = parseSse(await (await postJson('/v1/messages', request)).text());
    const names = events.map((event) => event.event);
    expect(names[0]).toBe('message_start');
    expect(names.at(-1)).toBe('message_stop');
    const deltas = events.filter((event) => event.event === 'content_block_delta');
    expect(deltas.map((event) => JSON.parse(event.data).delta.text).join('')).toBe(FAKE_REPLY_TEXT);
    const messageDelta = JSON.parse(events.find((event) => event.event === 'message_delta')?.data ?? '{}');
    expect(messageDelta.usage).toEqual({ output_tokens: 5 });
    expect(JSON.parse(events[0]?.data ?? '{}').message.usage.input_tokens).toBe(5);
  });

  it('Given Gemini generateContent and streamGenerateContent?alt=sse, Then both carry usageMetadata', async () => {
    const request = { contents: [{ role: 'user', parts: [{ text: 'one two three' }] }] };
    const res = await postJson('/v1beta/models/gemini-1.5-flash:generateContent', request, {
      'x-goog-api-key': 'g-key',
    });
    const body = (await res.json()) as { candidates: Array<{ content: { parts: Array<{ text: string }> } }> };
    expect(body.candidates[0]?.content.parts[0]?.text).toBe(FAKE_REPLY_TEXT);
    expect(body).toMatchObject({
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 5, totalTokenCount: 8 },
    });
    const streamed = await postJson('/v1beta/models/gemini-1.5-flash:streamGenerateContent?alt=sse', request);
    const chunks = parseSse(await streamed.text()).map((event) => JSON.parse(event.data));
    expect(chunks.map((chunk) => chunk.candidates[0].content.parts[0].text).join('')).toBe(FAKE_REPLY_TEXT);
    expect(chunks.at(-1)).toMatchObject({ usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 5 } });
    expect(upstream.requests.map((r) => r.headers['x-goog-api-key'])).toEqual(['g-key', undefined]);
  });
});
