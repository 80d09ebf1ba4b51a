// Two gw processes on one database: with Redis they share the per-user rate limit, channel cooldowns
// and cache invalidations; without Redis one process alone enforces all of it.
import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream/index.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;

function chat(r: RelayTestApp, key: string, model = 'gpt-4o-mini') {
  return new OpenAI({ apiKey: key, baseURL: `${r.url}/v1`, maxRetries: 0 }).chat.completions
    .create({ model, messages: [{ role: 'user', content: 'hi' }] })
    .then(
      () => 200,
      (error: { status?: number }) => error.status ?? 0,
    );
}

/** Waits until `check` holds (another process hears of a change through Redis asynchronously). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('one process without Redis', () => {
  let r: RelayTestApp | undefined;
  afterEach(async () => r?.close());

  it('enforces the per-user rate of the user group: 5 per minute ⇒ the 6th is 429', async () => {
    r = await startRelayApp();
    await r.addChannel({});
    await r.setDefaultGroupRate(5);
    const caller = await r.newCaller();
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push(await chat(r, caller.key));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe.runIf(REDIS_URL)('two processes sharing one Redis', () => {
  let a: RelayTestApp | undefined;
  let b: RelayTestApp | undefined;
  let failing: FakeUpstream | undefined;
  afterEach(async () => {
    await b?.close();
    await a?.close();
    await failing?.close();
  });

  async function startPair() {
    const env = { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: `gw-test-${randomUUID()}:` };
    a = await startRelayApp('sqlite', { ...env, GW_NODE_ID: 'a' });
    b = await startRelayApp('sqlite', { ...env, DATABASE_URL: a.t.url, GW_NODE_ID: 'b' });
    return { a, b };
  }

  it('share the per-user limit: 5 per minute across both ⇒ exactly 5 succeed', async () => {
    const { a, b } = await startPair();
    await a.addChannel({});
    await a.setDefaultGroupRate(5);
    await eventually(async () => b.t.app.gwRelay.state.groups().get('default')?.apiRate === 5);
    const caller = await a.newCaller();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(await chat(a, caller.key));
      statuses.push(await chat(b, caller.key));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });

  it('share cooldowns and channel changes', async () => {
    const { a, b } = await startPair();
    failing = await startFakeUpstream();
    failing.script({ status: 500, times: 1000 });
    await a.addChannel({ models: 'cool-model', priority: 10, base_url: failing.url });
    const good = await a.addChannel({ models: 'cool-model', priority: 0 });
    await a.setOptions({ RetryTimes: '1', RetryCooldownSeconds: '60' });
    await eventually(async () => b.t.app.gwRelay.state.options().retryTimes === 1);
    await eventually(async () => b.t.app.gwRelay.state.channel(good) !== undefined);
    const caller = await a.newCaller();

    expect(await chat(a, caller.key, 'cool-model')).toBe(200);
    expect(failing.requests).toHaveLength(1);
    // B never tries the channel A froze.
    for (let i = 0; i < 3; i += 1) expect(await chat(b, caller.key, 'cool-model')).toBe(200);
    expect(failing.requests).toHaveLength(1);

    // A disables the good channel; B stops routing to it once told.
    const disabled = await call(a.t.app, 'PUT', '/api/channel/', {
      cookie: a.rootCookie,
      body: { id: good, status: 2 },
    });
    expect(disabled.body.success).toBe(true);
    await eventually(async () => b.t.app.gwRelay.state.channel(good)?.status === 2);
    // Only the frozen failing channel is left: B tries it (a cooldown never leaves a model with none).
    expect(await chat(b, caller.key, 'cool-model')).toBe(500);
    expect(failing.requests).toHaveLength(2);
  });
});
