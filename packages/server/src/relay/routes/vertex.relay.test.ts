// Vertex AI (type 42, spec §19 row "vertexai") end to end: the channel key is a service-account JSON whose
// token_uri is the fake's /token; gw signs the JWT assertion, the fake checks its RS256 signature and
// claims and issues a token, and the Vertex routes accept only that token. Claude on Vertex (rawPredict,
// streamRawPredict), Gemini on Vertex (generateContent, streamGenerateContent), the native routes and
// Imagen are each billed on the usage the fake reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claudeInputTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_TEXT,
  fakeServiceAccountKey,
  geminiPromptTokens,
  type RecordedRequest,
} from '../test-support/fake-upstream/index.js';
import { call } from '../../test-support/test-app.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { IMAGEN_TOKENS_PER_IMAGE } from '../providers/vertexai/vertex-operations.js';

const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
const GEMINI_MODEL = 'gemini-2.0-flash';
const IMAGEN_MODEL = 'imagen-3.0-generate-002';
const START_QUOTA = 5_000_000;
const PROJECT = 'fake-project';
const REGION = 'us-east5';
const modelPath = (publisher: string, model: string, method: string, region = REGION, project = PROJECT) =>
  `/v1/projects/${project}/locations/${region}/publishers/${publisher}/models/${model}:${method}`;

describe('Vertex AI channels', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({
      type: 42,
      key: fakeServiceAccountKey(r.upstream.url),
      other: `${REGION}|${PROJECT}`,
      models: `${CLAUDE_MODEL},${GEMINI_MODEL},${IMAGEN_MODEL}`,
    });
  });
  afterAll(async () => r?.close());

  const billed = (who: RelayCallerHandle) => r.onlyConsumeLog(who, START_QUOTA);
  const tokenCalls = () => r.upstream.requests.filter((request) => request.path === '/token');
  const vertexCalls = () => r.upstream.requests.filter((request) => request.path.startsWith('/v1/projects/'));
  const bearerOf = (request: RecordedRequest | undefined) => String(request?.headers.authorization ?? '');

  it('Claude chat: a signed JWT buys a token, rawPredict gets it with anthropic_version and no model', async () => {
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.chat.completions.create({
      model: CLAUDE_MODEL,
      messages: [
        { role: 'system', content: 'be terse' },
        { role: 'user', content: 'hello vertex claude' },
      ],
      max_tokens: 64,
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
    expect(tokenCalls()).toHaveLength(1);
    const sent = vertexCalls()[0];
    expect(sent?.path).toBe(modelPath('anthropic', 'claude-3-5-haiku@20241022', 'rawPredict'));
    expect(bearerOf(sent)).toMatch(/^Bearer ya29\.fake-\d+$/);
    expect(sent?.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', max_tokens: 64 });
    expect(sent?.body).not.toHaveProperty('model');
    const prompt = claudeInputTokens(sent?.body);
    expect(reply.usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: FAKE_COMPLETION_TOKENS });
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(prompt);
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('Claude stream: streamRawPredict with the cached token, OpenAI chunks back, billed as streamed', async () => {
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const stream = await client.chat.completions.create({
      model: CLAUDE_MODEL,
      messages: [{ role: 'user', content: 'stream from vertex please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(FAKE_REPLY_TEXT);
    // The token from the first test is still fresh: no second exchange.
    expect(tokenCalls()).toHaveLength(0);
    const sent = vertexCalls()[0];
    expect(sent?.path).toBe(modelPath('anthropic', 'claude-3-5-haiku@20241022', 'streamRawPredict'));
    expect(usage).toEqual({
      prompt_tokens: claudeInputTokens(sent?.body),
      completion_tokens: FAKE_COMPLETION_TOKENS,
      total_tokens: claudeInputTokens(sent?.body) + FAKE_COMPLETION_TOKENS,
    });
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.prompt_tokens).toBe(usage?.prompt_tokens);
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('Gemini chat and stream: generateContent and streamGenerateContent?alt=sse on the google publisher', async () => {
    r.upstream.reset();
    const first = await r.callerWithClient(START_QUOTA);
    const reply = await first.client.chat.completions.create({
      model: GEMINI_MODEL,
      messages: [{ role: 'user', content: 'hello vertex gemini' }],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
    const sent = vertexCalls()[0];
    expect(sent?.path).toBe(modelPath('google', GEMINI_MODEL, 'generateContent'));
    expect(sent?.headers['x-goog-api-key']).toBeUndefined();
    const prompt = geminiPromptTokens(sent?.body);
    const log = await billed(first.who);
    expect(log.prompt_tokens).toBe(prompt);
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);

    const second = await r.callerWithClient(START_QUOTA);
    const stream = await second.client.chat.completions.create({
      model: GEMINI_MODEL,
      messages: [{ role: 'user', content: 'stream vertex gemini' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(FAKE_REPLY_TEXT);
    const streamed = vertexCalls()[1];
    expect(streamed?.path).toBe(modelPath('google', GEMINI_MODEL, 'streamGenerateContent'));
    expect(streamed?.query).toEqual({ alt: 'sse' });
    const streamedLog = await billed(second.who);
    expect(streamedLog.prompt_tokens).toBe(geminiPromptTokens(streamed?.body));
    expect(streamedLog.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
    expect(tokenCalls()).toHaveLength(0);
  });

  it('native routes: /claude/v1/messages and /gemini/…:generateContent reach Vertex unchanged', async () => {
    r.upstream.reset();
    const claudeCaller = await r.newCaller({ quota: START_QUOTA });
    const claude = await fetch(`${r.url}/claude/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': claudeCaller.key,
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: CLAUDE_MODEL,
        max_tokens: 32,
        messages: [{ role: 'user', content: 'native claude on vertex' }],
      }),
    });
    expect(claude.status).toBe(200);
    const message = (await claude.json()) as { type: string; usage: { input_tokens: number } };
    expect(message.type).toBe('message');
    const claudeSent = vertexCalls()[0];
    expect(claudeSent?.path).toBe(modelPath('anthropic', 'claude-3-5-haiku@20241022', 'rawPredict'));
    expect(claudeSent?.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', max_tokens: 32 });
    const claudeLog = await billed(claudeCaller);
    expect(claudeLog.prompt_tokens).toBe(message.usage.input_tokens);
    expect(claudeLog.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);

    const geminiCaller = await r.newCaller({ quota: START_QUOTA });
    const gemini = await fetch(
      `${r.url}/gemini/v1beta/models/${GEMINI_MODEL}:streamGenerateContent?alt=sse`,
      {
        method: 'POST',
        headers: { 'x-goog-api-key': geminiCaller.key, 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'native gemini on vertex' }] }] }),
      },
    );
    expect(gemini.status).toBe(200);
    expect(await gemini.text()).toContain('usageMetadata');
    const geminiSent = vertexCalls()[1];
    expect(geminiSent?.path).toBe(modelPath('google', GEMINI_MODEL, 'streamGenerateContent'));
    expect(geminiSent?.body).not.toHaveProperty('model');
    const geminiLog = await billed(geminiCaller);
    expect(geminiLog.prompt_tokens).toBe(geminiPromptTokens(geminiSent?.body));
    expect(geminiLog.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('Imagen: an OpenAI image request becomes predict, b64 images back, billed per image', async () => {
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.images.generate({
      model: IMAGEN_MODEL,
      prompt: 'a red fox',
      n: 2,
      size: '1792x1024',
    });
    expect(reply.data).toHaveLength(2);
    expect(reply.data?.[0]?.b64_json).toMatch(/^iVBOR/);
    const sent = vertexCalls()[0];
    expect(sent?.path).toBe(modelPath('google', IMAGEN_MODEL, 'predict'));
    expect(sent?.body).toMatchObject({
      instances: [{ prompt: 'a red fox' }],
      parameters: { sampleCount: 2, aspectRatio: '16:9' },
    });
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(2 * IMAGEN_TOKENS_PER_IMAGE);
  });

  it('one token exchange per key however many requests arrive at once; "global" has no region prefix', async () => {
    const channel = await r.addChannel({
      type: 42,
      key: fakeServiceAccountKey(r.upstream.url, 'other-project'),
      other: 'global|other-project',
      models: 'claude-3-7-sonnet-20250219',
    });
    expect(channel).toBeGreaterThan(0);
    r.upstream.reset();
    // The token endpoint answers slowly, so the five requests all wait on the same exchange.
    r.upstream.script({ delayMs: 150 });
    const { client } = await r.callerWithClient(START_QUOTA);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.chat.completions.create({
          model: 'claude-3-7-sonnet-20250219',
          messages: [{ role: 'user', content: 'together' }],
        }),
      ),
    );
    expect(replies.map((reply) => reply.choices[0]?.message.content)).toEqual(Array(5).fill(FAKE_REPLY_TEXT));
    expect(tokenCalls()).toHaveLength(1);
    expect(vertexCalls()).toHaveLength(5);
    for (const sent of vertexCalls()) {
      expect(sent.path).toBe(
        modelPath('anthropic', 'claude-3-7-sonnet@20250219', 'rawPredict', 'global', 'other-project'),
      );
    }
    expect(new Set(vertexCalls().map(bearerOf)).size).toBe(1);
  });

  it('a service account the token endpoint refuses fails the call with 401 and bills nothing', async () => {
    const other = JSON.parse(fakeServiceAccountKey(r.upstream.url, 'third-project')) as Record<
      string,
      string
    >;
    // Another account's email: the signature no longer matches the claims the fake expects.
    await r.addChannel({
      type: 42,
      key: JSON.stringify({ ...other, client_email: 'intruder@evil.iam.gserviceaccount.com' }),
      other: `${REGION}|third-project`,
      models: 'claude-3-opus-20240229',
    });
    r.upstream.reset();
    const who = await r.newCaller({ quota: START_QUOTA });
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-3-opus-20240229', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('Vertex AI token exchange failed');
    expect(tokenCalls()).toHaveLength(1);
    expect(vertexCalls()).toHaveLength(0);
    await r.flush();
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(0);
  });

  it('the channel test goes through the same token and Vertex route', async () => {
    const id = await r.addChannel({
      type: 42,
      key: fakeServiceAccountKey(r.upstream.url, 'test-project'),
      other: `${REGION}|test-project`,
      models: GEMINI_MODEL,
      test_model: GEMINI_MODEL,
    });
    r.upstream.reset();
    const reply = await call(r.t.app, 'GET', `/api/channel/test/${id}`, { cookie: r.rootCookie });
    expect(reply.body).toMatchObject({ success: true });
    expect(tokenCalls()).toHaveLength(1);
    expect(vertexCalls()[0]?.path).toBe(
      modelPath('google', GEMINI_MODEL, 'generateContent', REGION, 'test-project'),
    );
  });
});
