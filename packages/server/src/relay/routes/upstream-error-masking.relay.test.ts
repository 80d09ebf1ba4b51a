// Upstream error text as key holders read it (issue 8, item 9): a refused connection does not show the
// internal address, an upstream that echoes the channel key does not show the key, and admins find the
// full text in the system log next to the request id. An admin's own key reads the text unmasked.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

// No `sk-` prefix and no long random stretch: only the channel's own key rule can catch it.
const CHANNEL_KEY = 'upstream-key-Zq81-vXw2-p9';
const REQUEST_ID = /\(request id: (\w+)\)$/;

describe('upstream error text is masked for key holders', () => {
  let r: RelayTestApp;
  let rootKey: string;
  beforeAll(async () => {
    // The log goes to the ring the system log API reads (and nowhere else).
    r = await startRelayApp('sqlite', { LOG_LEVEL: 'warn' }, { logStream: new PassThrough().resume() });
    await r.addChannel({ base_url: 'http://127.0.0.1:9', models: 'refused-model' });
    await r.addChannel({ key: CHANNEL_KEY, models: 'echo-model' });
    await r.setOptions({ RetryTimes: '0', RetryCooldownSeconds: '0' });
    const created = await call(r.t.app, 'POST', '/api/token/', {
      cookie: r.rootCookie,
      body: { name: 'root-relay', unlimited_quota: true },
    });
    if (!created.body.success) throw new Error(`token create failed: ${created.body.message}`);
    const token = await r.t.app.gw.db
      .selectFrom('tokens')
      .select('key')
      .where('user_id', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    rootKey = `sk-${token.key}`;
  });
  afterAll(async () => r?.close());

  async function errorOf(key: string, model: string): Promise<{ status: number; message: string }> {
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hello' }] }),
    });
    const body = (await response.json()) as { error: { message: string } };
    return { status: response.status, message: body.error.message };
  }

  async function systemLog(): Promise<string> {
    const reply = await call(r.t.app, 'POST', '/api/system_info/log', {
      cookie: r.rootCookie,
      body: { count: 200 },
    });
    return (reply.body.data as { Message: string }[]).map((entry) => entry.Message).join('\n');
  }

  it('ECONNREFUSED to 127.0.0.1:9: the caller reads no address, the system log keeps it', async () => {
    const who = await r.newCaller();
    const error = await errorOf(who.key, 'refused-model');
    expect(error.status).toBe(500);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).not.toContain('127.0.0.1');
    expect(error.message).not.toMatch(/:9\b/);
    const requestId = REQUEST_ID.exec(error.message)?.[1];
    expect(requestId).toBeDefined();
    const log = await systemLog();
    expect(log).toContain(`(request id: ${requestId}): `);
    expect(log).toMatch(new RegExp(`request id: ${requestId}\\): .*ECONNREFUSED 127\\.0\\.0\\.1:9`));
  });

  it('an upstream echoing the channel key and its own address: the caller reads neither', async () => {
    const who = await r.newCaller();
    r.upstream.reset();
    r.upstream.script({
      status: 400,
      message: `Incorrect API key provided: ${CHANNEL_KEY}. Your request to ${r.upstream.url}/v1/chat/completions was refused.`,
    });
    const error = await errorOf(who.key, 'echo-model');
    expect(error.status).toBe(400);
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).not.toContain(CHANNEL_KEY);
    expect(error.message).not.toContain('Zq81-vXw2');
    expect(error.message).not.toContain(String(r.upstream.port));
    expect(error.message).not.toContain('127.0.0.1');
    expect(await systemLog()).toContain(CHANNEL_KEY);
  });

  it("an upstream echoing the key in the error's param: the caller reads it in no field", async () => {
    const who = await r.newCaller();
    const echoed = {
      error: {
        message: 'Incorrect API key provided.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        param: `Bearer ${CHANNEL_KEY}`,
      },
    };
    for (const status of [401, 429]) {
      r.upstream.reset();
      r.upstream.script({ status, body: echoed });
      const response = await fetch(`${r.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'echo-model', messages: [{ role: 'user', content: 'hello' }] }),
      });
      const text = await response.text();
      expect(response.status).toBe(status);
      expect(text).not.toContain(CHANNEL_KEY);
      expect(JSON.parse(text).error.param).toBe('Bearer ***');
    }
    // An admin reads it whole.
    r.upstream.reset();
    r.upstream.script({ status: 401, body: echoed });
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rootKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'echo-model', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(((await response.json()) as { error: { param: string } }).error.param).toBe(
      `Bearer ${CHANNEL_KEY}`,
    );
  });

  it('an error frame in the middle of a stream is masked too', async () => {
    const who = await r.newCaller();
    r.upstream.reset();
    r.upstream.script({
      midStreamError: true,
      message: `key ${CHANNEL_KEY} was revoked at 10.20.30.40:8080`,
    });
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'echo-model',
        stream: true,
        messages: [{ role: 'user', content: 'hello' }],
      }),
    });
    const text = await response.text();
    expect(text).toContain('was revoked at');
    expect(text).not.toContain(CHANNEL_KEY);
    expect(text).not.toContain('10.20.30.40');
    expect(await systemLog()).toMatch(/failed mid-way \(request id: \w+\): .*10\.20\.30\.40:8080/);
  });

  it("an admin's own key reads the upstream text unmasked", async () => {
    const error = await errorOf(rootKey, 'refused-model');
    expect(error.message).toContain('ECONNREFUSED 127.0.0.1:9');
  });
});
