// No upstream call waits for ever (issue 8, item 4): a black-holed upstream (accepts, never answers) and
// one that sends its head and then stalls, against short configured limits — the relay answers and
// retries elsewhere, a stream ends, and an admin's channel test and balance update come back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { type StalledUpstream, startStalledUpstream } from '../test-support/stalled-upstream.js';

// A client that gives up long after gw should have: a hang fails the test instead of stalling the suite.
const CLIENT_PATIENCE_MS = 8000;

describe('upstream time limits', () => {
  let r: RelayTestApp;
  let silent: StalledUpstream;
  let headersOnly: StalledUpstream;
  let oneFrame: StalledUpstream;
  beforeAll(async () => {
    [silent, headersOnly, oneFrame] = await Promise.all([
      startStalledUpstream('silent'),
      startStalledUpstream('headers'),
      startStalledUpstream('one-frame'),
    ]);
    r = await startRelayApp('sqlite', {
      UPSTREAM_HEADERS_TIMEOUT: '0.5',
      UPSTREAM_IDLE_TIMEOUT: '0.5',
      CHANNEL_TEST_TIMEOUT: '1',
    });
    await r.addChannel({ base_url: silent.url, models: 'silent-model', test_model: 'silent-model' });
    await r.addChannel({ base_url: headersOnly.url, models: 'headers-model', test_model: 'headers-model' });
    await r.addChannel({ base_url: oneFrame.url, models: 'frame-model' });
    // The retry case: the black hole has the higher priority, so it is tried first.
    await r.addChannel({ base_url: silent.url, models: 'retried-model', priority: 10 });
    await r.addChannel({ models: 'retried-model', priority: 0 });
    await r.setOptions({ RetryTimes: '0', RetryCooldownSeconds: '0' });
  });
  afterAll(async () => {
    await r?.close();
    await Promise.all([silent?.close(), headersOnly?.close(), oneFrame?.close()]);
  });

  async function chat(key: string, model: string, stream = false) {
    const startedAt = performance.now();
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hello' }] }),
      signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
    });
    const text = await response.text();
    return { status: response.status, text, seconds: (performance.now() - startedAt) / 1000 };
  }

  it('a black-holed upstream: the first-byte limit ends the attempt with a 500 and the socket is closed', async () => {
    const who = await r.newCaller();
    const before = silent.abandoned;
    const reply = await chat(who.key, 'silent-model');
    expect(reply.status).toBe(500);
    expect(JSON.parse(reply.text).error.code).toBe('http_request_failed');
    expect(reply.seconds).toBeLessThan(4);
    await expect.poll(() => silent.abandoned).toBeGreaterThan(before);
  });

  it('an upstream that sends its head and stalls: the idle limit ends the attempt (502, retryable)', async () => {
    const who = await r.newCaller();
    const reply = await chat(who.key, 'headers-model');
    expect(reply.status).toBe(502);
    expect(reply.seconds).toBeLessThan(4);
  });

  it('a stream that stalls after one chunk ends without [DONE] once the idle limit passes', async () => {
    const who = await r.newCaller();
    const reply = await chat(who.key, 'frame-model', true);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('hel');
    expect(reply.text).not.toContain('[DONE]');
    expect(reply.seconds).toBeLessThan(4);
  });

  it('a timed-out attempt is retried on another channel', async () => {
    await r.setOptions({ RetryTimes: '1' });
    try {
      const who = await r.newCaller();
      const receivedBefore = silent.received;
      const reply = await chat(who.key, 'retried-model');
      expect(silent.received).toBe(receivedBefore + 1);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text).choices[0].message.content).toBeTruthy();
    } finally {
      await r.setOptions({ RetryTimes: '0' });
    }
  });

  const adminGet = async (url: string) => {
    const startedAt = performance.now();
    const reply = await fetch(`${r.url}${url}`, {
      headers: { cookie: r.rootCookie },
      signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
    });
    const body = (await reply.json()) as { success: boolean };
    return { body, seconds: (performance.now() - startedAt) / 1000 };
  };
  const channelOf = async (baseUrl: string, model: string) =>
    (
      await r.t.app.gw.db
        .selectFrom('channels')
        .select('id')
        .where('base_url', '=', baseUrl)
        .where('models', '=', model)
        .executeTakeFirstOrThrow()
    ).id;

  it('a channel test against a black hole fails within CHANNEL_TEST_TIMEOUT', async () => {
    const id = await channelOf(silent.url, 'silent-model');
    const reply = await adminGet(`/api/channel/test/${id}`);
    expect(reply.body.success).toBe(false);
    expect(reply.seconds).toBeLessThan(4);
  });

  it('a balance update against an upstream that stalls after its head fails within CHANNEL_TEST_TIMEOUT', async () => {
    const id = await channelOf(headersOnly.url, 'headers-model');
    const reply = await adminGet(`/api/channel/update_balance/${id}`);
    expect(reply.body.success).toBe(false);
    expect(reply.seconds).toBeLessThan(4);
  });
});

describe('CHANNEL_TEST_TIMEOUT bounds a channel test even when the relay limits are long', () => {
  let r: RelayTestApp;
  let silent: StalledUpstream;
  let headersOnly: StalledUpstream;
  beforeAll(async () => {
    [silent, headersOnly] = await Promise.all([
      startStalledUpstream('silent'),
      startStalledUpstream('headers'),
    ]);
    r = await startRelayApp('sqlite', { CHANNEL_TEST_TIMEOUT: '1' });
  });
  afterAll(async () => {
    await r?.close();
    await Promise.all([silent?.close(), headersOnly?.close()]);
  });

  it('test and balance both come back', async () => {
    const testId = await r.addChannel({ base_url: silent.url, test_model: 'gpt-4o-mini' });
    const balanceId = await r.addChannel({ base_url: headersOnly.url });
    const startedAt = performance.now();
    const [tested, balance] = await Promise.all([
      call(r.t.app, 'GET', `/api/channel/test/${testId}`, { cookie: r.rootCookie }),
      call(r.t.app, 'GET', `/api/channel/update_balance/${balanceId}`, { cookie: r.rootCookie }),
    ]);
    expect(tested.body.success).toBe(false);
    expect(balance.body.success).toBe(false);
    expect((performance.now() - startedAt) / 1000).toBeLessThan(4);
  });
});
