// The OpenAI-compatible vendors of spec §19 end to end against the fake: DeepSeek (assistant
// reasoning_content added, balance in yuan), OpenRouter (stream usage always asked for, `reasoning`
// renamed to reasoning_content, provider routing from the plugin, credit balance), Moonshot (balance ÷ 7)
// MiniMax (speech through t2a_v2), Gemini's use_openai_api plugin and the plain variants at their hosts.
// Every call is billed on the usage the fake reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import {
  FAKE_MINIMAX_MISSING_VOICE,
  FAKE_REASONING_TEXT,
  FAKE_REPLY_TEXT,
  fakeMinimaxAudio,
  openAiChatUsage,
} from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { providerForChannel } from '../providers/registry.js';

const START_QUOTA = 5_000_000;
const ROUTING = { anthropic: { order: ['Anthropic', 'Amazon Bedrock'], allow_fallbacks: false } };

describe('OpenAI-compatible vendors', () => {
  let r: RelayTestApp;
  let deepseek: number;
  let openrouter: number;
  let moonshot: number;
  beforeAll(async () => {
    r = await startRelayApp();
    deepseek = await r.addChannel({ type: 28, key: 'sk-deepseek', models: 'deepseek-chat' });
    openrouter = await r.addChannel({
      type: 20,
      key: 'sk-or-v1-fake',
      models: 'anthropic/claude-3.5-haiku',
      // As the console's plugin section stores it (core CHANNEL_PLUGINS[20]).
      plugin: { provider: { provider: JSON.stringify(ROUTING) } },
    });
    moonshot = await r.addChannel({ type: 29, key: 'sk-moonshot', models: 'moonshot-v1-8k' });
  });
  afterAll(async () => r?.close());

  const billed = (who: RelayCallerHandle) => r.onlyConsumeLog(who, START_QUOTA);
  const root = (path: string) => call(r.t.app, 'GET', path, { cookie: r.rootCookie });

  it('DeepSeek: assistant turns get reasoning_content, the usage is billed', async () => {
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.chat.completions.create({
      model: 'deepseek-chat',
      messages: [
        { role: 'user', content: 'first question here' },
        { role: 'assistant', content: 'first answer' },
        { role: 'user', content: 'second question' },
      ],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-deepseek');
    expect(sent?.body).toMatchObject({
      messages: [
        { role: 'user' },
        { role: 'assistant', content: 'first answer', reasoning_content: '' },
        { role: 'user' },
      ],
    });
    const usage = openAiChatUsage(sent?.body);
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(usage.prompt_tokens);
    expect(log.completion_tokens).toBe(usage.completion_tokens);
  });

  it('DeepSeek, Moonshot, SiliconFlow and OpenRouter balances are read and stored', async () => {
    r.upstream.setBalance({ hardLimitUsd: 88, totalUsageCents: 1_234 });
    const left = 88 - 12.34;
    const deep = await root(`/api/channel/update_balance/${deepseek}`);
    expect(deep.body).toMatchObject({ success: true, balance: Number(left.toFixed(2)) });
    const moon = await root(`/api/channel/update_balance/${moonshot}`);
    expect(moon.body.success).toBe(true);
    expect(moon.body.balance).toBeCloseTo(left / 7, 9);
    const silicon = await r.addChannel({ type: 45, key: 'sk-silicon', models: 'Qwen/Qwen2.5-7B-Instruct' });
    const flow = await root(`/api/channel/update_balance/${silicon}`);
    expect(flow.body).toMatchObject({ success: true, balance: Number(left.toFixed(2)) });
    const router = await root(`/api/channel/update_balance/${openrouter}`);
    expect(router.body.success).toBe(true);
    expect(router.body.balance).toBeCloseTo(left, 9);
    const paths = r.upstream.requests.map((request) => request.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/user/balance', '/v1/users/me/balance', '/v1/credits', '/v1/user/info']),
    );
    const stored = await r.t.app.gw.db
      .selectFrom('channels')
      .select(['id', 'balance', 'balance_updated_time'])
      .where('id', 'in', [deepseek, moonshot, openrouter])
      .execute();
    for (const row of stored) expect(row.balance_updated_time).toBeGreaterThan(0);
    expect(Number(stored.find((row) => row.id === deepseek)?.balance)).toBeCloseTo(left, 6);
  });

  it('OpenRouter non-stream: routing preferences sent, `reasoning` comes back as reasoning_content', async () => {
    r.upstream.reset();
    const { who } = await r.callerWithClient(START_QUOTA);
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'anthropic/claude-3.5-haiku',
        reasoning: { effort: 'low' },
        messages: [{ role: 'user', content: 'think about it' }],
      }),
    });
    const reply = (await response.json()) as {
      choices: Array<{ message: Record<string, unknown> }>;
      usage: { prompt_tokens: number; completion_tokens: number };
    };
    expect(reply.choices[0]?.message).toMatchObject({
      content: FAKE_REPLY_TEXT,
      reasoning_content: FAKE_REASONING_TEXT,
    });
    expect(reply.choices[0]?.message).not.toHaveProperty('reasoning');
    const sent = r.upstream.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer sk-or-v1-fake');
    expect(sent?.body).toMatchObject({ provider: ROUTING.anthropic });
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(openAiChatUsage(sent?.body).prompt_tokens);
    expect(log.completion_tokens).toBe(reply.usage.completion_tokens);
  });

  it('OpenRouter stream: usage asked for upstream even when the client did not, and billed from it', async () => {
    r.upstream.reset();
    const { who } = await r.callerWithClient(START_QUOTA);
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'anthropic/claude-3.5-haiku',
        stream: true,
        reasoning: { effort: 'low' },
        messages: [{ role: 'user', content: 'stream and think' }],
      }),
    });
    const text = await response.text();
    expect(text).toContain(`"reasoning_content":"${FAKE_REASONING_TEXT}"`);
    expect(text).not.toContain('"reasoning":');
    // The client did not ask for usage: no usage chunk reaches it.
    expect(text).not.toContain('"usage":{');
    const sent = r.upstream.requests[0];
    expect(sent?.body).toMatchObject({ stream_options: { include_usage: true } });
    const usage = openAiChatUsage(sent?.body);
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.prompt_tokens).toBe(usage.prompt_tokens);
    expect(log.completion_tokens).toBe(usage.completion_tokens);
  });

  it.each([
    [26, 'Baichuan4'],
    [27, 'MiniMax-Text-01'],
    [30, 'mistral-large-latest'],
    [31, 'llama-3.3-70b-versatile'],
    [33, 'yi-lightning'],
    [56, 'grok-3'],
    [49, 'gpt-4o-mini'],
  ])('type %i speaks OpenAI with a bearer key and is billed on the reported usage', async (type, model) => {
    // GitHub Models serves paths without /v1: its base URL carries it here, so the fake's route matches.
    await r.addChannel({
      type,
      key: `sk-type-${type}`,
      models: model,
      ...(type === 49 ? { base_url: `${r.upstream.url}/v1` } : {}),
    });
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'hello vendor' }],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_REPLY_TEXT);
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer sk-type-${type}`);
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(openAiChatUsage(sent?.body).prompt_tokens);
    expect(log.completion_tokens).toBe(reply.usage?.completion_tokens);
  });

  it('each vendor defaults to its own host when the channel has no base URL', () => {
    const expected: Array<[number, string]> = [
      [28, 'https://api.deepseek.com/v1/chat/completions'],
      [20, 'https://openrouter.ai/api/v1/chat/completions'],
      [29, 'https://api.moonshot.cn/v1/chat/completions'],
      [26, 'https://api.baichuan-ai.com/v1/chat/completions'],
      [27, 'https://api.minimax.chat/v1/chat/completions'],
      [30, 'https://api.mistral.ai/v1/chat/completions'],
      [31, 'https://api.groq.com/openai/v1/chat/completions'],
      [33, 'https://api.lingyiwanwu.com/v1/chat/completions'],
      [56, 'https://api.x.ai/v1/chat/completions'],
      [49, 'https://models.inference.ai.azure.com/chat/completions'],
    ];
    for (const [type, url] of expected) {
      const channel = { id: 1, type, name: 'c', key: 'k', baseUrl: '', other: '', headers: {}, plugin: {} };
      const provider = providerForChannel(channel);
      const request = provider?.operations.chat?.request({
        operation: 'chat',
        channel,
        model: 'm',
        body: { model: 'm', messages: [] },
        stream: false,
        includeUsage: false,
        clientHeaders: {},
        settings: { claudeDefaultMaxTokens: {}, claudeBudgetTokensPercentage: 0.8, geminiOpenThink: {} },
      });
      expect(request && 'url' in request ? request.url : undefined).toBe(url);
    }
  });

  it('Gemini with use_openai_api: OpenAI chat at /v1beta/chat/completions with a bearer key, billed', async () => {
    await r.addChannel({
      type: 25,
      key: 'gemini-oa-key',
      models: 'gemini-2.5-flash',
      plugin: { use_openai_api: { enable: true } },
    });
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const stream = await client.chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'openai style gemini' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(FAKE_REPLY_TEXT);
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe('/v1beta/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer gemini-oa-key');
    expect(sent?.headers['x-goog-api-key']).toBeUndefined();
    expect(sent?.body).toMatchObject({ model: 'gemini-2.5-flash', stream_options: { include_usage: true } });
    const usage = openAiChatUsage(sent?.body);
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(usage.prompt_tokens);
    expect(log.completion_tokens).toBe(usage.completion_tokens);
  });

  it('MiniMax speech: t2a_v2 with the mapped voice, hex audio sent as bytes, billed on usage_characters', async () => {
    await r.addChannel({
      type: 27,
      key: 'sk-minimax',
      models: 'speech-01-turbo',
      plugin: { voice: { nova: 'female-tianmei|happy' } },
    });
    r.upstream.reset();
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const input = '你好，world';
    const speech = await client.audio.speech.create({
      model: 'speech-01-turbo',
      voice: 'alloy',
      input,
      response_format: 'mp3',
    });
    expect(speech.headers.get('content-type')).toBe('audio/mp3');
    expect(Buffer.from(await speech.arrayBuffer()).equals(fakeMinimaxAudio(input))).toBe(true);
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe('/v1/t2a_v2');
    expect(sent?.headers.authorization).toBe('Bearer sk-minimax');
    expect(sent?.body).toEqual({
      model: 'speech-01-turbo',
      text: input,
      voice_setting: { voice_id: 'female-chengshu' },
      audio_setting: { format: 'mp3' },
    });
    const log = await billed(who);
    // MiniMax's characters (9), not the local UTF-8 byte estimate (15).
    expect(log.prompt_tokens).toBe([...input].length);

    r.upstream.reset();
    const second = await r.newCaller({ quota: START_QUOTA });
    const custom = await fetch(`${r.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'speech-01-turbo',
        voice: 'nova',
        input: 'hi',
        response_format: 'wav-1-16000',
      }),
    });
    expect(custom.headers.get('content-type')).toBe('audio/wav');
    expect(r.upstream.requests[0]?.body).toMatchObject({
      voice_setting: { voice_id: 'female-tianmei', emotion: 'happy' },
      audio_setting: { format: 'wav', channel: 1, sample_rate: 16000 },
    });
  });

  it('MiniMax speech: an error inside the 200 reply fails the call and bills nothing', async () => {
    r.upstream.reset();
    const who = await r.newCaller({ quota: START_QUOTA });
    const response = await fetch(`${r.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'speech-01-turbo', voice: FAKE_MINIMAX_MISSING_VOICE, input: 'hello' }),
    });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'voice id not exist',
    );
    await r.flush();
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(0);
  });
});
