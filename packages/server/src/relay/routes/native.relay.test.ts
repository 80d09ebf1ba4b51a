// The native routes (spec §2.2): POST /claude/v1/messages with `x-api-key` and the Gemini generateContent
// paths with `x-goog-api-key`, called with plain fetch as Anthropic and Google clients do. The vendor's
// own reply shapes come back unchanged, the usage is billed, and the site toggles turn each route off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claudeInputTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_TEXT,
  geminiPromptTokens,
} from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
const GEMINI_MODEL = 'gemini-2.0-flash';
const START_QUOTA = 5_000_000;
const REQUEST_ID_TAIL = / \(request id: \w+\)$/;

interface SseFrame {
  event?: string;
  data: string;
}

/** Splits an SSE body into its frames. */
function sseFrames(text: string): SseFrame[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const frame: SseFrame = { data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) frame.event = line.slice(7);
        if (line.startsWith('data: ')) frame.data += line.slice(6);
      }
      return frame;
    });
}

describe('native Claude and Gemini routes', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ type: 14, key: 'sk-ant-fake', models: CLAUDE_MODEL });
    await r.addChannel({ type: 25, key: 'gemini-fake-key', models: GEMINI_MODEL });
    // An OpenAI channel offering the same names: the native routes must never pick it.
    await r.addChannel({ type: 1, models: `${CLAUDE_MODEL},${GEMINI_MODEL}`, priority: 10 });
  });
  afterAll(async () => r?.close());

  const billed = (who: RelayCallerHandle) => r.onlyConsumeLog(who, START_QUOTA);

  const claudeBody = (extra: Record<string, unknown> = {}) => ({
    model: CLAUDE_MODEL,
    max_tokens: 128,
    system: 'you are brief',
    messages: [{ role: 'user', content: 'hello native claude' }],
    ...extra,
  });

  function postClaude(key: string, body: unknown) {
    return fetch(`${r.url}/claude/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  function postGemini(key: string, action: string, body: unknown, query = '') {
    return fetch(`${r.url}/gemini/v1beta/models/${GEMINI_MODEL}:${action}${query}`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const geminiBody = {
    systemInstruction: { parts: [{ text: 'be kind' }] },
    contents: [{ role: 'user', parts: [{ text: 'hello native gemini' }] }],
  };

  it('claude non-stream: the Anthropic message comes back unchanged and its usage is billed', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    r.upstream.reset();
    const response = await postClaude(who.key, claudeBody());
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    const inputTokens = claudeInputTokens(claudeBody());
    expect(body).toEqual({
      id: expect.stringMatching(/^msg_fake_/),
      type: 'message',
      role: 'assistant',
      model: CLAUDE_MODEL,
      content: [{ type: 'text', text: FAKE_REPLY_TEXT }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: FAKE_COMPLETION_TOKENS },
    });
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers['x-api-key']).toBe('sk-ant-fake');
    expect(sent?.body).toMatchObject({ model: CLAUDE_MODEL, system: 'you are brief', max_tokens: 128 });
    const log = await billed(who);
    expect(log.model_name).toBe(CLAUDE_MODEL);
    expect(log.prompt_tokens).toBe(inputTokens);
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('claude stream: the Anthropic events pass through as sent, with no [DONE]', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    const response = await postClaude(who.key, claudeBody({ stream: true }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const frames = sseFrames(await response.text());
    expect(frames.map((frame) => frame.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      ...FAKE_REPLY_TEXT.split(' ').map(() => 'content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const frame of frames) expect(JSON.parse(frame.data).type).toBe(frame.event);
    expect(frames.some((frame) => frame.data === '[DONE]')).toBe(false);
    const text = frames
      .filter((frame) => frame.event === 'content_block_delta')
      .map((frame) => JSON.parse(frame.data).delta.text)
      .join('');
    expect(text).toBe(FAKE_REPLY_TEXT);
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.prompt_tokens).toBe(claudeInputTokens(claudeBody()));
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('gemini generateContent: the Google reply comes back unchanged and its usage is billed', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    r.upstream.reset();
    const response = await postGemini(who.key, 'generateContent', geminiBody);
    expect(response.status).toBe(200);
    const prompt = geminiPromptTokens(geminiBody);
    expect(await response.json()).toEqual({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: FAKE_REPLY_TEXT }] },
          index: 0,
          finishReason: 'STOP',
        },
      ],
      usageMetadata: {
        promptTokenCount: prompt,
        candidatesTokenCount: FAKE_COMPLETION_TOKENS,
        totalTokenCount: prompt + FAKE_COMPLETION_TOKENS,
      },
      modelVersion: GEMINI_MODEL,
    });
    const sent = r.upstream.requests[0];
    expect(sent?.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
    expect(sent?.headers['x-goog-api-key']).toBe('gemini-fake-key');
    expect(sent?.body).toEqual(geminiBody);
    const log = await billed(who);
    expect(log.model_name).toBe(GEMINI_MODEL);
    expect(log.prompt_tokens).toBe(prompt);
    expect(log.completion_tokens).toBe(FAKE_COMPLETION_TOKENS);
  });

  it('gemini streamGenerateContent: Google chunks as SSE, the last running usage billed', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    r.upstream.reset();
    const response = await postGemini(who.key, 'streamGenerateContent', geminiBody, '?alt=sse');
    expect(response.status).toBe(200);
    const frames = sseFrames(await response.text());
    const chunks = frames.map(
      (frame) =>
        JSON.parse(frame.data) as {
          candidates: Array<{ content: { parts: Array<{ text: string }> } }>;
          usageMetadata: { promptTokenCount: number; candidatesTokenCount: number };
        },
    );
    expect(chunks.map((chunk) => chunk.candidates[0]?.content.parts[0]?.text).join('')).toBe(FAKE_REPLY_TEXT);
    expect(r.upstream.requests[0]?.path).toBe(`/v1beta/models/${GEMINI_MODEL}:streamGenerateContent`);
    const last = chunks.at(-1)?.usageMetadata;
    expect(last?.candidatesTokenCount).toBe(FAKE_COMPLETION_TOKENS);
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.prompt_tokens).toBe(last?.promptTokenCount);
    expect(log.completion_tokens).toBe(last?.candidatesTokenCount);
  });

  it("gemini streamGenerateContent without alt=sse: Google's JSON array, not SSE, and billed the same", async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    r.upstream.reset();
    const response = await postGemini(who.key, 'streamGenerateContent', geminiBody);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text.startsWith('[{')).toBe(true);
    const chunks = JSON.parse(text) as Array<{
      candidates: Array<{ content: { parts: Array<{ text: string }> } }>;
      usageMetadata: { promptTokenCount: number; candidatesTokenCount: number };
    }>;
    expect(chunks.map((chunk) => chunk.candidates[0]?.content.parts[0]?.text).join('')).toBe(FAKE_REPLY_TEXT);
    const log = await billed(who);
    expect(log.is_stream).toBe(1);
    expect(log.completion_tokens).toBe(chunks.at(-1)?.usageMetadata.candidatesTokenCount);
  });

  it('ClaudeAPIEnabled=false: 403 in the Anthropic error shape, nothing sent upstream', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    await r.setOptions({ ClaudeAPIEnabled: 'false' });
    try {
      r.upstream.reset();
      const response = await postClaude(who.key, claudeBody());
      expect(response.status).toBe(403);
      const requestId = response.headers.get('x-oneapi-request-id');
      const body = (await response.json()) as { type: string; error: { type: string; message: string } };
      expect(body.type).toBe('error');
      expect(body.error.type).toBe('one_hub_error');
      expect(body.error.message).toBe(`Claude 原生接口已关闭 (request id: ${requestId})`);
      expect(r.upstream.requests).toHaveLength(0);
      // The Gemini route is not affected by the Claude switch.
      expect((await postGemini(who.key, 'generateContent', geminiBody)).status).toBe(200);
    } finally {
      await r.setOptions({ ClaudeAPIEnabled: 'true' });
    }
    expect((await postClaude(who.key, claudeBody())).status).toBe(200);
  });

  it('GeminiAPIEnabled=false: 403 in the Google error shape, nothing sent upstream', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    await r.setOptions({ GeminiAPIEnabled: 'false' });
    try {
      r.upstream.reset();
      const response = await postGemini(who.key, 'generateContent', geminiBody);
      expect(response.status).toBe(403);
      const body = (await response.json()) as { error: { code: number; status: string; message: string } };
      expect(body.error.code).toBe(403);
      expect(body.error.message).toMatch(/^Gemini 原生接口已关闭/);
      expect(body.error.message).toMatch(REQUEST_ID_TAIL);
      expect(r.upstream.requests).toHaveLength(0);
    } finally {
      await r.setOptions({ GeminiAPIEnabled: 'true' });
    }
    expect((await postGemini(who.key, 'generateContent', geminiBody)).status).toBe(200);
  });

  it('native routes read their own key headers: a bad x-api-key is refused in the Anthropic shape', async () => {
    const response = await postClaude(`sk-${'x'.repeat(48)}`, claudeBody());
    expect(response.status).toBe(401);
    const body = (await response.json()) as { type: string; error: { message: string } };
    expect(body.type).toBe('error');
    expect(body.error.message).toMatch(/^无效的令牌/);
  });
});
