// Huge prompts must not freeze gw (issue 8 item 2): local counting of a run without whitespace grew with the
// square of its length (1 MiB held the event loop for minutes, every other request waiting). Called as a
// client would, against a listening gw with a fake upstream: the server keeps answering while a big prompt
// is in flight, a caller who cannot pay is refused before anything is counted, and a bad key is refused
// before the body is parsed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textCountActivity } from '../tokens/index.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const MODEL = 'gpt-4o-mini';
const MIB = 1024 * 1024;

/** Lowercase letters without whitespace (the costliest text to count); deterministic. */
function lettersRun(length: number): string {
  let state = 2463534242;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text += String.fromCharCode(97 + ((state >>> 0) % 26));
  }
  return text;
}

describe('huge prompts without whitespace', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: MODEL });
  });
  afterAll(async () => r?.close());

  function chat(key: string, content: string): Promise<Response> {
    return fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content }] }),
    });
  }

  /**
   * Sends the chat request and, while it is in flight, `/api/status` calls one after another: the order in
   * which they finish shows whether gw served the status calls while the big prompt was being handled.
   */
  async function chatBesideStatus(key: string, content: string) {
    const finished: string[] = [];
    let bigDone = false;
    const big = chat(key, content).then(async (response) => {
      await response.text();
      bigDone = true;
      finished.push('chat');
      return response.status;
    });
    const statuses: number[] = [];
    do {
      const response = await fetch(`${r.url}/api/status`);
      await response.text();
      statuses.push(response.status);
      finished.push('status');
    } while (!bigDone && statuses.length < 20);
    return { chatStatus: await big, statuses, finished };
  }

  it('Given a 1 MiB prompt, then it is estimated from its length and /api/status answers while it is in flight', async () => {
    const who = await r.newCaller({ quota: 100_000_000 });
    const before = textCountActivity();
    const { chatStatus, statuses, finished } = await chatBesideStatus(who.key, lettersRun(MIB));
    expect(chatStatus).toBe(200);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(finished[0]).toBe('status');
    const after = textCountActivity();
    expect(after.estimated).toBe(before.estimated + 1);
    expect(after.offloaded).toBe(before.offloaded);
  }, 60_000);

  it('Given a 200 KiB prompt, then it is counted in pieces by a worker and /api/status answers meanwhile', async () => {
    const who = await r.newCaller({ quota: 100_000_000 });
    const before = textCountActivity();
    const { chatStatus, finished } = await chatBesideStatus(who.key, lettersRun(200 * 1024));
    expect(chatStatus).toBe(200);
    expect(finished[0]).toBe('status');
    expect(textCountActivity().offloaded).toBe(before.offloaded + 1);
  }, 60_000);

  it('Given a reply without usage whose text is a 200 KiB run, then it is counted by a worker, not on the event loop', async () => {
    const who = await r.newCaller({ quota: 100_000_000 });
    const content = lettersRun(200 * 1024);
    r.upstream.reset();
    r.upstream.script({
      status: 200,
      body: {
        id: 'chatcmpl-long',
        object: 'chat.completion',
        created: 1,
        model: MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      },
    });
    const before = textCountActivity();
    const response = await chat(who.key, 'repeat it');
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { choices: [{ message: { content: string } }] }).choices[0].message.content,
    ).toBe(content);
    // The settlement follows the reply: wait for its log row.
    const completionTokens = async () => {
      await r.flush();
      const log = await r.t.app.gw.db
        .selectFrom('logs')
        .select(['completion_tokens'])
        .where('user_id', '=', who.userId)
        .where('type', '=', 2)
        .executeTakeFirst();
      return Number(log?.completion_tokens ?? 0);
    };
    await expect.poll(completionTokens, { timeout: 10_000 }).toBeGreaterThan(20_000);
    const after = textCountActivity();
    // The short prompt is counted in line; the reply's text goes to the pool.
    expect(after.offloaded).toBe(before.offloaded + 1);
    expect(after.inline).toBe(before.inline + 1);
  }, 60_000);

  it('Given a user with no quota, then a 1 MiB prompt is refused before anything is counted', async () => {
    const who = await r.newCaller({ quota: 0 });
    const relayed = r.upstream.requests.length;
    const before = textCountActivity();
    const response = await chat(who.key, lettersRun(MIB));
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect({ status: response.status, code: body.error.code }).toEqual({
      status: 402,
      code: 'insufficient_user_quota',
    });
    expect(textCountActivity()).toEqual(before);
    expect(r.upstream.requests.length).toBe(relayed);
  }, 60_000);

  it('Given a limited token below the smallest hold, then a 1 MiB prompt is refused before anything is counted', async () => {
    const who = await r.newCaller({
      quota: 100_000_000,
      token: { unlimited_quota: false, remain_quota: 100 },
    });
    const before = textCountActivity();
    const response = await chat(who.key, lettersRun(MIB));
    expect(response.status).toBe(403);
    await response.text();
    expect(textCountActivity()).toEqual(before);
  }, 60_000);
});
