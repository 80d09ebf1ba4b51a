// The relay's ChannelProvider end to end: root calls the channel management API of a listening gw whose
// channels point at the fake upstream; what reaches the upstream and what lands in the channel rows is
// checked (spec §8.1–8.3).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { TEST_PROMPT } from './channel-test-request.js';

describe('channel test, balance and model list through the relay provider', () => {
  let r: RelayTestApp;
  const root = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(r.t.app, method, url, { cookie: r.rootCookie, body });
  const row = (id: number) =>
    r.t.app.gw.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setStatus = (id: number, status: number) =>
    r.t.app.gw.db.updateTable('channels').set({ status }).where('id', '=', id).execute();
  const upstreamCalls = (key: string) =>
    r.upstream.requests.filter((request) => request.headers.authorization === `Bearer ${key}`);

  beforeAll(async () => {
    r = await startRelayApp();
  });
  beforeEach(async () => {
    await r.t.app.gw.db.deleteFrom('channels').execute();
    r.upstream.reset();
    await r.setOptions({
      AutomaticDisableChannelEnabled: 'false',
      AutomaticEnableChannelEnabled: 'false',
      ChannelDisableThreshold: '5',
    });
  });
  afterAll(async () => r?.close());

  it('tests a working channel with the mapped model, saves the response time and bills nothing', async () => {
    const id = await r.addChannel({ test_model: 'gpt-4o-mini', model_mapping: '{"gpt-4o-mini":"+gpt-4o"}' });
    const reply = await root('GET', `/api/channel/test/${id}`);
    expect(reply.body).toMatchObject({ success: true, message: '测速成功' });
    expect(reply.body.time).toBeGreaterThanOrEqual(0);
    const [sent] = r.upstream.requests;
    expect(r.upstream.requests).toHaveLength(1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(sent?.body).toMatchObject({
      model: 'gpt-4o',
      stream: false,
      messages: [{ role: 'user', content: TEST_PROMPT }],
    });
    const saved = await row(id);
    expect(saved.response_time).toBe(Math.round(reply.body.time * 1000));
    expect(saved.test_time).toBeGreaterThan(0);
    expect(saved.status).toBe(1);
    await r.flush();
    const logs = await r.t.app.gw.db.selectFrom('logs').select('id').where('type', '=', 2).execute();
    expect(logs).toEqual([]);
  });

  it('reports a refused key, and disables the channel for it only when AutomaticDisableChannelEnabled is on', async () => {
    const id = await r.addChannel({ test_model: 'gpt-4o-mini' });
    r.upstream.script({ status: 401, message: 'Incorrect API key provided', times: 2 });
    const kept = await root('GET', `/api/channel/test/${id}`);
    expect(kept.body.success).toBe(false);
    expect(kept.body.message).toMatch(/^测速失败，原因：.*Incorrect API key provided/);
    expect((await row(id)).status).toBe(1);
    await r.setOptions({ AutomaticDisableChannelEnabled: 'true' });
    const disabled = await root('GET', `/api/channel/test/${id}`);
    expect(disabled.body.message).toMatch(/^测速失败，已被禁用，原因：.*Incorrect API key provided/);
    expect((await row(id)).status).toBe(3);
    // The relay's own table drops the channel too: the test route reloads it before replying.
    expect(r.t.app.gwRelay.state.channel(id)?.status).toBe(3);
  });

  it('does not disable for an upstream failure that says nothing about the credential', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: 'true' });
    const id = await r.addChannel({ test_model: 'gpt-4o-mini' });
    r.upstream.script({ status: 500, message: 'upstream exploded' });
    const reply = await root('GET', `/api/channel/test/${id}`);
    expect(reply.body.message).toMatch(/^测速失败，原因：.*upstream exploded/);
    expect((await row(id)).status).toBe(1);
  });

  it('sends embeddings, image and Responses tests to their own endpoints by the model name', async () => {
    const id = await r.addChannel({ test_model: 'gpt-4o-mini' });
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['text-embedding-3-small', '/v1/embeddings', { input: 'hi' }],
      ['dall-e-3', '/v1/images/generations', { prompt: 'A cute cat', n: 1 }],
      ['o3-mini', '/v1/responses', { input: TEST_PROMPT }],
    ];
    for (const [model, path, body] of cases) {
      r.upstream.reset();
      const reply = await root('GET', `/api/channel/test/${id}?model=${model}`);
      expect(reply.body, model).toMatchObject({ success: true, message: '测速成功' });
      expect(r.upstream.requests.map((request) => request.path)).toEqual([path]);
      expect(r.upstream.requests[0]?.body).toMatchObject({ model, ...body });
    }
  });

  it('refuses an untestable model without calling the upstream and without disabling', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: 'true' });
    const id = await r.addChannel({ test_model: 'gpt-4o-mini' });
    for (const model of ['tts-1', 'whisper-1', 'bge-reranker-v2']) {
      const reply = await root('GET', `/api/channel/test/${id}?model=${model}`);
      expect(reply.body).toMatchObject({
        success: false,
        message: `测速失败，原因：该模型不支持测速：${model}`,
      });
    }
    expect(r.upstream.requests).toEqual([]);
    expect((await row(id)).status).toBe(1);
  });

  it('test-all re-enables an auto-disabled channel that works again, never a hand-disabled one', async () => {
    await r.setOptions({ AutomaticEnableChannelEnabled: 'true' });
    const auto = await r.addChannel({ key: 'sk-auto', test_model: 'gpt-4o-mini' });
    const manual = await r.addChannel({ key: 'sk-manual', test_model: 'gpt-4o-mini' });
    const broken = await r.addChannel({ key: 'sk-broken', test_model: 'tts-1' });
    await setStatus(auto, 3);
    await setStatus(manual, 2);
    await setStatus(broken, 3);
    const started = await root('GET', '/api/channel/test');
    expect(started.body.success).toBe(true);
    await vi.waitFor(async () => expect((await row(auto)).status).toBe(1));
    // The relay routes it again without any other reload.
    await vi.waitFor(() => expect(r.t.app.gwRelay.state.channel(auto)?.status).toBe(1));
    await vi.waitFor(async () => expect((await root('GET', '/api/channel/test')).body.success).toBe(true));
    expect((await row(manual)).status).toBe(2);
    expect(upstreamCalls('sk-manual')).toEqual([]);
    // A failing test leaves an auto-disabled channel off.
    expect((await row(broken)).status).toBe(3);
    // The run started above to learn the first had ended calls the upstream for `auto` only (`broken`'s
    // model cannot be tested): let that call arrive before the next test reads the upstream's requests.
    await vi.waitFor(() => expect(upstreamCalls('sk-auto')).toHaveLength(2), { timeout: 5000 });
  });

  it('test-all disables an enabled channel slower than ChannelDisableThreshold even with auto-disable off', async () => {
    await r.setOptions({ ChannelDisableThreshold: '0.3', AutomaticEnableChannelEnabled: 'true' });
    const slow = await r.addChannel({ key: 'sk-slow', test_model: 'gpt-4o-mini' });
    const slowOff = await r.addChannel({ key: 'sk-slow-off', test_model: 'gpt-4o-mini' });
    await setStatus(slowOff, 3);
    // Every test of both runs below (two channels, in id order) answers after 500 ms.
    r.upstream.script({ delayMs: 500, times: 4 });
    await root('GET', '/api/channel/test');
    await vi.waitFor(async () => expect((await row(slow)).status).toBe(3), { timeout: 3000 });
    await vi.waitFor(() => expect(r.t.app.gwRelay.state.channel(slow)?.status).toBe(3));
    await vi.waitFor(async () => expect(upstreamCalls('sk-slow-off')).toHaveLength(1), { timeout: 3000 });
    await vi.waitFor(async () => expect((await root('GET', '/api/channel/test')).body.success).toBe(true));
    // The second run tests it too (last): too slow to come back on in either run, it stays auto-disabled.
    await vi.waitFor(() => expect(upstreamCalls('sk-slow-off')).toHaveLength(2), { timeout: 5000 });
    expect((await row(slowOff)).status).toBe(3);
    // The single test never applies the threshold.
    r.upstream.script({ delayMs: 500 });
    const single = await root('GET', `/api/channel/test/${slow}`);
    expect(single.body.success).toBe(true);
  });

  it('updates an OpenAI balance: hard limit minus this month’s usage, stored on the channel', async () => {
    r.upstream.setBalance({ hardLimitUsd: 50, totalUsageCents: 1_234 });
    const id = await r.addChannel({});
    const reply = await root('GET', `/api/channel/update_balance/${id}`);
    expect(reply.body).toEqual({ success: true, message: '', balance: 37.66 });
    const saved = await row(id);
    expect(Number(saved.balance)).toBeCloseTo(37.66, 6);
    expect(saved.balance_updated_time).toBeGreaterThan(0);
    const [subscription, usage] = r.upstream.requests;
    expect(subscription?.path).toBe('/v1/dashboard/billing/subscription');
    expect(usage?.path).toBe('/v1/dashboard/billing/usage');
    expect(usage?.query.start_date).toMatch(/^\d{4}-\d{2}-01$/);
    expect(usage?.query.end_date?.slice(0, 7)).toBe(usage?.query.start_date?.slice(0, 7));
  });

  it('asks for the last 100 days of usage when the account has no payment method', async () => {
    r.upstream.setBalance({ hardLimitUsd: 5, totalUsageCents: 700, hasPaymentMethod: false });
    const id = await r.addChannel({ type: 8 });
    const reply = await root('GET', `/api/channel/update_balance/${id}`);
    expect(reply.body.balance).toBe(-2);
    const usage = r.upstream.requests[1];
    const start = Date.parse(`${usage?.query.start_date}T00:00:00Z`);
    const end = Date.parse(`${usage?.query.end_date}T00:00:00Z`);
    expect((end - start) / 86_400_000).toBe(100);
  });

  it('update-all disables an enabled OpenAI channel whose balance is gone when auto-disable is on', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: 'true' });
    r.upstream.setBalance({ hardLimitUsd: 10, totalUsageCents: 1_000 });
    const id = await r.addChannel({});
    const reply = await root('GET', '/api/channel/update_balance');
    expect(reply.body.success).toBe(true);
    expect(await row(id)).toMatchObject({ status: 3 });
    expect(Number((await row(id)).balance)).toBe(0);
  });

  it('refuses the balance of a type without a balance call, and reports an upstream refusal', async () => {
    const claude = await r.addChannel({ type: 14, base_url: r.upstream.url });
    const unsupported = await root('GET', `/api/channel/update_balance/${claude}`);
    expect(unsupported.body).toMatchObject({ success: false, message: '该渠道不支持此接口：balance' });
    const id = await r.addChannel({});
    r.upstream.script({ status: 401, message: 'Incorrect API key provided' });
    const refused = await root('GET', `/api/channel/update_balance/${id}`);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('Incorrect API key provided');
    expect(r.upstream.requests.filter((request) => request.path.includes('billing'))).toHaveLength(1);
  });

  it('fetches the upstream model list for a stored channel and for a form', async () => {
    const id = await r.addChannel({ key: 'sk-stored' });
    const stored = await root('POST', '/api/channel/provider_models_list', { id });
    expect(stored.body).toMatchObject({
      success: true,
      data: ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small'],
    });
    const form = await root('POST', '/api/channel/provider_models_list', {
      type: 8,
      key: 'sk-form\nsk-second',
      base_url: r.upstream.url,
    });
    expect(form.body.data).toEqual(['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small']);
    expect(r.upstream.requests.map((request) => [request.path, request.headers.authorization])).toEqual([
      ['/v1/models', 'Bearer sk-stored'],
      ['/v1/models', 'Bearer sk-form'],
    ]);
  });
});
