// AWS Bedrock (type 32, spec §19 row "bedrock") end to end: OpenAI chat and the native Claude route reach
// InvokeModel / InvokeModelWithResponseStream SigV4-signed (verified by the fake with @smithy/signature-v4
// over the bytes it received) or with a Bedrock API key; streams come back as AWS's binary event stream;
// the usage the fake reported is what is billed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claudeInputTokens,
  FAKE_AWS_CREDENTIALS,
  FAKE_BEDROCK_API_KEY,
  countFakeTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_PIECES,
  FAKE_REPLY_TEXT,
} from '../test-support/fake-upstream/index.js';
import { call } from '../../test-support/test-app.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const MODEL = 'claude-3-5-haiku-20241022';
const BEDROCK_ID = 'anthropic.claude-3-5-haiku-20241022-v1:0';
const START_QUOTA = 5_000_000;
const { accessKeyId, secretAccessKey, sessionToken } = FAKE_AWS_CREDENTIALS;

describe('AWS Bedrock channels', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({
      type: 32,
      key: `us-west-2|${accessKeyId}|${secretAccessKey}|${sessionToken}`,
      models: MODEL,
    });
    await r.addChannel({
      type: 32,
      key: `eu-central-1|${FAKE_BEDROCK_API_KEY}`,
      models: 'claude-3-haiku-20240307',
    });
    await r.addChannel({
      type: 32,
      key: `us-east-1|${accessKeyId}|wrong-secret|${sessionToken}`,
      models: 'claude-3-opus-20240229',
    });
  });
  afterAll(async () => r?.close());

  const billed = (who: RelayCallerHandle) => r.onlyConsumeLog(who, START_QUOTA);
  const invokePath = (id: string, stream: boolean) =>
    `/model/${encodeURIComponent(id)}/${stream ? 'invoke-with-response-stream' : 'invoke'}`;

  it('chat: a SigV4-signed InvokeModel with the Bedrock model id, an OpenAI reply back, usage billed', async () => {
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: 'be terse' },
        { role: 'user', content: 'hello bedrock claude' },
      ],
      max_tokens: 50,
      user: 'end-user-7',
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe(invokePath(BEDROCK_ID, false));
    expect(String(sent?.headers.authorization)).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/us-west-2/bedrock/aws4_request, `),
    );
    expect(sent?.headers['x-amz-security-token']).toBe(sessionToken);
    expect(sent?.body).toMatchObject({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 50,
      system: 'be terse',
    });
    const prompt = claudeInputTokens(sent?.body);
    expect(reply.usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: FAKE_COMPLETION_TOKENS });
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(prompt);
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('stream: InvokeModelWithResponseStream event stream becomes OpenAI chunks, billed as streamed', async () => {
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'stream from bedrock please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finish = chunk.choices[0].finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(FAKE_REPLY_TEXT);
    expect(finish).toBe('stop');
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe(invokePath(BEDROCK_ID, true));
    expect(sent?.headers.accept).toBe('application/vnd.amazon.eventstream');
    const prompt = claudeInputTokens(sent?.body);
    expect(usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: FAKE_COMPLETION_TOKENS });
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.prompt_tokens).toBe(prompt);
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('native /claude/v1/messages stream: Anthropic SSE frames back from the event stream, usage billed', async () => {
    r.upstream.reset();
    const who = await r.newCaller({ quota: START_QUOTA });
    const response = await fetch(`${r.url}/claude/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': who.key,
        'anthropic-version': '2023-06-01',
        'anthropic-beta': 'token-efficient-tools-2025-02-19',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: MODEL,
        max_tokens: 40,
        stream: true,
        messages: [{ role: 'user', content: 'native bedrock stream' }],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const text = await response.text();
    expect(text).toContain('event: message_start\ndata: {"type":"message_start"');
    expect(text).toContain('event: message_stop');
    const sent = r.upstream.requests[0];
    expect(sent?.body).toMatchObject({ anthropic_beta: ['token-efficient-tools-2025-02-19'] });
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(claudeInputTokens(sent?.body));
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('an API-key channel sends the key as a bearer token and no signature', async () => {
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.chat.completions.create({
      model: 'claude-3-haiku-20240307',
      messages: [{ role: 'user', content: 'api key please' }],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe(invokePath('anthropic.claude-3-haiku-20240307-v1:0', false));
    expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_BEDROCK_API_KEY}`);
    expect(sent?.headers['x-amz-date']).toBeUndefined();
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(claudeInputTokens(sent?.body));
  });

  it('a mid-stream exception ends the stream without [DONE] and still bills what arrived', async () => {
    r.upstream.reset();
    r.upstream.script({ midStreamError: true, message: 'Model stream broke' });
    const who = await r.newCaller({ quota: START_QUOTA });
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'break it' }] }),
    });
    const text = await response.text();
    expect(text).toContain('Model stream broke');
    expect(text).not.toContain('[DONE]');
    // The first text piece arrived before the exception; Anthropic's final usage never did, so the
    // prompt is the local estimate and the completion the counted text (spec §10.4, §11.3).
    expect(text).toContain(`"content":"${FAKE_REPLY_PIECES[0]}"`);
    const log = await billed(who);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBe(countFakeTokens(FAKE_REPLY_PIECES[0] ?? ''));
  });

  it('a wrong secret is refused by the signature check: 403 passed on, nothing billed', async () => {
    r.upstream.reset();
    const who = await r.newCaller({ quota: START_QUOTA });
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-3-opus-20240229', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('signature we calculated does not match');
    await r.flush();
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(0);
  });

  it('the channel test is signed too, and a refused signature fails it', async () => {
    const good = await r.addChannel({
      type: 32,
      key: `us-west-2|${accessKeyId}|${secretAccessKey}|${sessionToken}`,
      models: 'claude-3-haiku-20240307',
      test_model: 'claude-3-haiku-20240307',
    });
    const bad = await r.addChannel({
      type: 32,
      key: `us-west-2|${accessKeyId}|not-the-secret|${sessionToken}`,
      models: 'claude-3-haiku-20240307',
      test_model: 'claude-3-haiku-20240307',
    });
    r.upstream.reset();
    const passed = await call(r.t.app, 'GET', `/api/channel/test/${good}`, { cookie: r.rootCookie });
    expect(passed.body).toMatchObject({ success: true });
    const failed = await call(r.t.app, 'GET', `/api/channel/test/${bad}`, { cookie: r.rootCookie });
    expect(failed.body.success).toBe(false);
    expect(failed.body.message).toContain('signature');
    expect(r.upstream.requests.map((request) => request.path)).toEqual([
      invokePath('anthropic.claude-3-haiku-20240307-v1:0', false),
      invokePath('anthropic.claude-3-haiku-20240307-v1:0', false),
    ]);
  });

  it('a malformed channel key is the channel’s failure: the retry moves on to the next channel', async () => {
    const model = 'claude-3-sonnet-20240229';
    await r.addChannel({ type: 32, key: 'nowhere|AKIA|secret', models: model, priority: 10 });
    await r.addChannel({
      type: 32,
      key: `us-west-2|${accessKeyId}|${secretAccessKey}|${sessionToken}`,
      models: model,
    });
    await r.setOptions({ RetryTimes: '1' });
    try {
      r.upstream.reset();
      const { who, client } = await r.callerWithClient(START_QUOTA);
      const reply = await client.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'retry me' }],
      });
      expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
      // The malformed channel never reached the upstream; the good one answered once.
      expect(r.upstream.requests.map((request) => request.path)).toEqual([
        invokePath('anthropic.claude-3-sonnet-20240229-v1:0', false),
      ]);
      const log = await billed(who);
      expect(log.prompt_tokens).toBe(claudeInputTokens(r.upstream.requests[0]?.body));
    } finally {
      await r.setOptions({ RetryTimes: '0' });
    }
  });
});
