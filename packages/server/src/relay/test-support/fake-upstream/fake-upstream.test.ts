import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_FAKE_BALANCE,
  FAKE_COMPLETION_TOKENS,
  FAKE_IMAGE_OUTPUT_TOKENS,
  FAKE_IMAGE_PNG,
  FAKE_REPLY_TEXT,
  FAKE_SPEECH_BYTES_PER_INPUT_BYTE,
  FAKE_TRANSCRIPT_TEXT,
  type FakeUpstream,
  startFakeUpstream,
} from './index.js';

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

  it('Given stream with include_usage over raw fetch, Then the other chunks carry usage null, as OpenAI sends them', async () => {
    const request = { model: 'gpt-4o', messages, stream: true, stream_options: { include_usage: true } };
    const events = parseSse(await (await postJson('/v1/chat/completions', request)).text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null && chunk.choices.length === 1)).toBe(
      true,
    );
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 13 } });
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

describe('fake upstream, legacy completions and Responses through the openai client', () => {
  it('Given a completion request, Then it replies a text_completion with prompt tokens = words of the prompt', async () => {
    const reply = await openai.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'one two three',
    });
    expect(reply.object).toBe('text_completion');
    expect(reply.choices[0]?.text).toBe(FAKE_REPLY_TEXT);
    expect(reply.usage).toEqual({ prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 });
    const many = await openai.completions.create({ model: 'm', prompt: ['a b', 'c'] });
    expect(many.usage?.prompt_tokens).toBe(3);
  });

  it('Given a streamed completion with include_usage, Then the texts join and one usage-only chunk has empty choices', async () => {
    const stream = await openai.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'one two',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const usages: unknown[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.text ?? '';
      if (chunk.usage) {
        expect(chunk.choices).toEqual([]);
        usages.push(chunk.usage);
      }
    }
    expect(text).toBe(FAKE_REPLY_TEXT);
    expect(usages).toEqual([{ prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 }]);
  });

  it('Given a streamed completion without include_usage, Then no chunk has a usage field and [DONE] ends it', async () => {
    const res = await postJson('/v1/completions', { model: 'm', prompt: 'x', stream: true });
    const events = parseSse(await res.text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
    expect(chunks.some((chunk) => 'usage' in chunk)).toBe(false);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('Given a Responses request, Then output_text is the reply and usage counts instructions and input', async () => {
    const reply = await openai.responses.create({
      model: 'gpt-4o',
      instructions: 'be brief',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'one two three' }] }],
    });
    expect(reply.object).toBe('response');
    expect(reply.output_text).toBe(FAKE_REPLY_TEXT);
    expect(reply.usage).toMatchObject({ input_tokens: 5, output_tokens: 5, total_tokens: 10 });
  });

  it('Given a streamed Responses request, Then created, text deltas and completed with usage arrive in order', async () => {
    const stream = await openai.responses.create({ model: 'gpt-4o', input: 'one two', stream: true });
    const types: string[] = [];
    let text = '';
    let usage: unknown;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') usage = event.response.usage;
    }
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(text).toBe(FAKE_REPLY_TEXT);
    expect(usage).toMatchObject({ input_tokens: 2, output_tokens: 5, total_tokens: 7 });
  });
});

describe('fake upstream, images, audio and moderations through the openai client', () => {
  it('Given n=2 with url format, Then two URLs come back and each serves the PNG', async () => {
    const reply = await openai.images.generate({ model: 'dall-e-2', prompt: 'a cat', n: 2 });
    expect(reply.data).toHaveLength(2);
    expect(reply.usage).toBeUndefined();
    const url = reply.data?.[1]?.url ?? '';
    expect(url.startsWith(upstream.url)).toBe(true);
    const image = await fetch(url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(FAKE_IMAGE_PNG)).toBe(true);
  });

  it('Given b64_json, or a gpt-image model, Then images come as base64 and gpt-image reports token usage', async () => {
    const b64 = await openai.images.generate({
      model: 'dall-e-3',
      prompt: 'a cat',
      response_format: 'b64_json',
    });
    expect(b64.data?.[0]).toEqual({ b64_json: FAKE_IMAGE_PNG.toString('base64'), revised_prompt: 'a cat' });
    const gptImage = await openai.images.generate({ model: 'gpt-image-1', prompt: 'a red cat', n: 3 });
    expect(gptImage.data?.map((image) => image.b64_json)).toHaveLength(3);
    expect(gptImage.usage).toMatchObject({
      input_tokens: 3,
      output_tokens: 3 * FAKE_IMAGE_OUTPUT_TOKENS,
      total_tokens: 3 + 3 * FAKE_IMAGE_OUTPUT_TOKENS,
    });
  });

  it('Given a speech request, Then audio/mpeg bytes come back, their length proportional to the input', async () => {
    const speak = async (input: string) => {
      const res = await openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input });
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      return Buffer.from(await res.arrayBuffer());
    };
    const short = await speak('hello');
    const long = await speak('hello hello');
    expect(short.length).toBe(5 * FAKE_SPEECH_BYTES_PER_INPUT_BYTE);
    expect(long.length).toBe(11 * FAKE_SPEECH_BYTES_PER_INPUT_BYTE);
    expect(short.equals(await speak('hello'))).toBe(true);
  });

  it('Given a whisper transcription, Then it replies {text} with duration usage and records the form fields', async () => {
    const file = await toFile(Buffer.alloc(40_000), 'clip.mp3', { type: 'audio/mpeg' });
    const reply = await openai.audio.transcriptions.create({ model: 'whisper-1', file, language: 'en' });
    expect(reply.text).toBe(FAKE_TRANSCRIPT_TEXT);
    expect(reply).toMatchObject({ usage: { type: 'duration', seconds: 3 } });
    expect(upstream.requests[0]?.path).toBe('/v1/audio/transcriptions');
    expect(upstream.requests[0]?.body).toEqual({
      model: 'whisper-1',
      language: 'en',
      file: { filename: 'clip.mp3', type: 'audio/mpeg', size: 40_000 },
    });
  });

  it('Given response_format text, or a token-billed model, Then plain text, or token usage from prompt and audio', async () => {
    const file = await toFile(Buffer.alloc(16_000), 'clip.wav');
    const text = await openai.audio.transcriptions.create({
      model: 'whisper-1',
      file,
      response_format: 'text',
    });
    expect(String(text).trim()).toBe(FAKE_TRANSCRIPT_TEXT);
    const tokens = await openai.audio.transcriptions.create({
      model: 'gpt-4o-transcribe',
      file: await toFile(Buffer.alloc(16_000), 'clip.wav'),
      prompt: 'two words',
    });
    expect(tokens).toMatchObject({
      usage: { type: 'tokens', input_tokens: 12, output_tokens: 5, total_tokens: 17 },
    });
    const translated = await openai.audio.translations.create({
      model: 'whisper-1',
      file: await toFile(Buffer.alloc(1), 'clip.wav'),
      response_format: 'verbose_json',
    });
    expect(translated).toMatchObject({ task: 'translate', duration: 1, text: FAKE_TRANSCRIPT_TEXT });
  });

  it('Given moderation inputs, Then one result each, flagged for violence only where the trigger word is', async () => {
    const reply = await openai.moderations.create({ input: ['nice day', 'I will kill it'] });
    expect(reply.model).toBe('text-moderation-stable');
    expect(reply.results.map((result) => result.flagged)).toEqual([false, true]);
    expect(reply.results[1]?.categories.violence).toBe(true);
    expect(reply.results[1]?.categories.hate).toBe(false);
  });
});

describe('fake upstream, OpenAI billing routes for the channel balance', () => {
  const getJson = async (base: string, path: string) => (await fetch(`${base}${path}`)).json();

  it('Given a configured balance, Then subscription and usage report it, and setBalance changes it', async () => {
    const billing = await startFakeUpstream({
      balance: { hardLimitUsd: 12.5, totalUsageCents: 250, hasPaymentMethod: false },
    });
    try {
      expect(await getJson(billing.url, '/v1/dashboard/billing/subscription')).toEqual({
        object: 'billing_subscription',
        has_payment_method: false,
        soft_limit_usd: 12.5,
        hard_limit_usd: 12.5,
        system_hard_limit_usd: 12.5,
        access_until: 0,
      });
      const usagePath = '/v1/dashboard/billing/usage?start_date=2024-01-01&end_date=2024-02-01';
      expect(await getJson(billing.url, usagePath)).toEqual({ object: 'list', total_usage: 250 });
      expect(billing.requests[1]?.query).toEqual({ start_date: '2024-01-01', end_date: '2024-02-01' });
      billing.setBalance({ hardLimitUsd: 5, totalUsageCents: 600 });
      expect(await getJson(billing.url, '/dashboard/billing/usage')).toEqual({
        object: 'list',
        total_usage: 600,
      });
    } finally {
      await billing.close();
    }
  });

  it('Given no balance option, Then the default balance is reported', async () => {
    const subscription = await getJson(upstream.url, '/v1/dashboard/billing/subscription');
    expect(subscription).toMatchObject({
      hard_limit_usd: DEFAULT_FAKE_BALANCE.hardLimitUsd,
      has_payment_method: true,
    });
  });
});

describe('fake upstream, Azure deployment paths over fetch', () => {
  const azure = (endpoint: string) => `/openai/deployments/dep-1/${endpoint}?api-version=2024-10-21`;

  it('Given completions, embeddings, images and chat on a deployment, Then each answers with the deployment as model', async () => {
    const completion = await (await postJson(azure('completions'), { prompt: 'a b' })).json();
    expect(completion).toMatchObject({
      object: 'text_completion',
      model: 'dep-1',
      usage: { prompt_tokens: 2 },
    });
    const embedding = await (await postJson(azure('embeddings'), { input: 'a b c' })).json();
    expect(embedding).toMatchObject({ model: 'dep-1', usage: { prompt_tokens: 3 } });
    const image = await (await postJson(azure('images/generations'), { prompt: 'cat', n: 1 })).json();
    expect(image).toMatchObject({ data: [{ url: expect.any(String) }] });
    const chat = await (await postJson(azure('chat/completions'), { messages })).json();
    expect(chat).toMatchObject({ object: 'chat.completion', model: 'dep-1' });
    expect(upstream.requests.map((request) => [request.vendor, request.query['api-version']])).toEqual(
      Array.from({ length: 4 }, () => ['azure', '2024-10-21']),
    );
  });

  it('Given audio speech and a multipart transcription on a deployment, Then bytes and {text} come back', async () => {
    const speech = await postJson(azure('audio/speech'), { input: 'hi', voice: 'alloy' });
    expect(speech.headers.get('content-type')).toBe('audio/mpeg');
    expect((await speech.arrayBuffer()).byteLength).toBe(2 * FAKE_SPEECH_BYTES_PER_INPUT_BYTE);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(10)], { type: 'audio/wav' }), 'a.wav');
    const transcript = await fetch(`${upstream.url}${azure('audio/transcriptions')}`, {
      method: 'POST',
      body: form,
    });
    expect(await transcript.json()).toMatchObject({ text: FAKE_TRANSCRIPT_TEXT });
    expect(upstream.requests[1]).toMatchObject({
      vendor: 'azure',
      query: { 'api-version': '2024-10-21' },
      body: { file: { filename: 'a.wav', size: 10 } },
    });
  });

  it('Given the Azure v1 Responses path, Then it answers a response with the model from the body', async () => {
    const reply = await (
      await postJson('/openai/v1/responses?api-version=preview', { model: 'gpt-4o', input: 'x' })
    ).json();
    expect(reply).toMatchObject({ object: 'response', model: 'gpt-4o', usage: { input_tokens: 1 } });
    expect(upstream.requests[0]?.vendor).toBe('azure');
  });
});

describe('fake upstream, Claude tool use', () => {
  const tools = [
    {
      name: 'lookup',
      description: 'find',
      input_schema: { type: 'object', properties: { q: { type: 'string' } } },
    },
    {
      name: 'weather',
      input_schema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } },
    },
  ];
  const base = { model: 'claude-3-5-haiku', max_tokens: 50, messages: [messages[1]], tools };

  it('Given tools in a stream, Then a tool_use block follows the text, its input_json_delta pieces join to the input', async () => {
    const request = { ...base, stream: true, tool_choice: { type: 'tool', name: 'weather' } };
    const events = parseSse(await (await postJson('/v1/messages', request)).text());
    const data = events.map((event) => JSON.parse(event.data));
    const start = data.find((item) => item.type === 'content_block_start' && item.index === 1);
    expect(start.content_block).toMatchObject({ type: 'tool_use', name: 'weather', input: {} });
    const pieces = data.filter((item) => item.delta?.type === 'input_json_delta');
    expect(pieces.length).toBeGreaterThan(1);
    const input = JSON.parse(pieces.map((item) => item.delta.partial_json).join(''));
    expect(input).toEqual({ city: 'fake', days: 1 });
    expect(data.find((item) => item.type === 'message_delta').delta.stop_reason).toBe('tool_use');
    expect(events.at(-1)?.event).toBe('message_stop');
  });

  it('Given tools without stream, or tool_choice none, Then a tool_use content block, or none', async () => {
    const reply = await (await postJson('/v1/messages', base)).json();
    expect(reply).toMatchObject({
      stop_reason: 'tool_use',
      content: [{ type: 'text' }, { type: 'tool_use', name: 'lookup', input: { q: 'fake' } }],
    });
    const none = await (await postJson('/v1/messages', { ...base, tool_choice: { type: 'none' } })).json();
    expect(none).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text' }] });
  });
});
