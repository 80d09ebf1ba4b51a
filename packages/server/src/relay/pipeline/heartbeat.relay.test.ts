// The heartbeat of spec §6 step 3: a token that asks for it gets the status line early and pings while
// the upstream is slow, then the real reply on the same response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

describe('heartbeat', () => {
  let r: RelayTestApp;
  let key: string;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({});
    await r.addChannel({ type: 25, key: 'gemini-fake-key', models: 'gemini-2.0-flash' });
    const caller = await r.newCaller();
    key = caller.key;
    // The form keeps the timeout at 30 s or more; one second keeps this test short.
    await r.t.app.gw.db
      .updateTable('tokens')
      .set({ setting: JSON.stringify({ heartbeat: { enabled: true, timeout_seconds: 1 } }) })
      .where('id', '=', caller.tokenId)
      .execute();
  });
  afterAll(async () => r?.close());

  const post = (body: Record<string, unknown>) =>
    fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'slow' }], ...body }),
    });

  it('pings a slow non-stream reply with newlines, then sends the JSON', async () => {
    r.upstream.script({ delayMs: 1600 });
    const response = await post({});
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toHaveProperty('choices');
  });

  it('pings a slow stream with SSE comments, then streams the chunks', async () => {
    r.upstream.script({ delayMs: 1600 });
    const response = await post({ stream: true });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const text = await response.text();
    expect(text.startsWith(': PING\n\n')).toBe(true);
    expect(text).toContain('data: [DONE]');
  });

  it('pings a slow native Gemini stream without alt=sse with newlines, so the JSON array stays valid', async () => {
    r.upstream.script({ delayMs: 1600 });
    const response = await fetch(`${r.url}/gemini/v1beta/models/gemini-2.0-flash:streamGenerateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'slow' }] }] }),
    });
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    expect(text.startsWith('\n')).toBe(true);
    expect(Array.isArray(JSON.parse(text))).toBe(true);
  });

  it('answers a fast upstream without any ping', async () => {
    const text = await (await post({})).text();
    expect(text.startsWith('{')).toBe(true);
  });

  it('writes an upstream error after the early 200 into the body', async () => {
    r.upstream.script({ delayMs: 1600, status: 500 });
    const response = await post({});
    expect(response.status).toBe(200);
    const body = JSON.parse(await response.text()) as { error: { message: string } };
    expect(body.error.message).toContain('request id');
  });
});
