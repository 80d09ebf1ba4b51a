// Channel test, balance and check flows (contract §1.7) around the provider seam: the default provider
// refuses clearly; a fake upstream provider drives latency, auto-disable, auto-enable and balances.
import { modelCheckResultSchema } from '@gw/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { channelRows, createChannelsAs } from './test-support/channels-test-support.js';
import { type ChannelProvider, type ChannelTestResult, UNAVAILABLE_CHANNEL_PROVIDER } from './provider.js';

/** An upstream stand-in: answers by channel key, records every call, and can hold tests until released. */
function fakeProvider() {
  const calls: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  let release = () => {};
  const provider: ChannelProvider = {
    available: true,
    async test(channel, model): Promise<ChannelTestResult> {
      calls.push(`test ${channel.key} ${model}`);
      await gate;
      if (channel.key.startsWith('bad')) {
        return { ok: false, message: 'invalid api key', seconds: 0.1, authFailure: true };
      }
      if (channel.key.startsWith('slow')) return { ok: false, message: 'timeout', seconds: 9 };
      return { ok: true, message: '', seconds: 0.25 };
    },
    async balance(channel) {
      calls.push(`balance ${channel.key}`);
      return channel.key.startsWith('empty') ? 0 : 12.5;
    },
    async listModels(channel) {
      calls.push(`models ${channel.key}`);
      return ['gpt-4o', 'o1', 'gpt-4o'];
    },
  };
  return {
    provider,
    calls,
    hold() {
      gate = new Promise((done) => {
        release = done;
      });
    },
    release: () => release(),
  };
}

describe.each(TEST_DIALECTS)('channel checks on %s', (kind) => {
  let t: TestApp;
  let bare: TestApp;
  let root: string;
  let bareRoot: string;
  const fake = fakeProvider();

  const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(t.app, method, url, { cookie: root, body });
  const create = (overrides: Record<string, unknown>) => createChannelsAs(t.app, root, overrides);
  const row = async (id: number) => (await channelRows(t.app)).find((r) => r.id === id);

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { channelSeams: { provider: fake.provider } });
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    // The app now wires the relay's provider; the default one is what a build without a relay gets.
    bare = await startTestApp('sqlite', {}, { channelSeams: { provider: UNAVAILABLE_CHANNEL_PROVIDER } });
    bareRoot = await signIn(bare.app, 'root', ROOT_PASSWORD);
  });
  beforeEach(async () => {
    await t.app.gw.db.deleteFrom('channels').execute();
    await t.app.gw.options.set('AutomaticDisableChannelEnabled', 'false');
    await t.app.gw.options.set('AutomaticEnableChannelEnabled', 'false');
    fake.calls.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  it('Given no relay yet, Then every upstream route refuses with the clear "not available" message', async () => {
    const [channel] = await createChannelsAs(bare.app, bareRoot, { test_model: 'gpt-4o' });
    const routes: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', `/api/channel/test/${channel.id}`, undefined],
      ['GET', '/api/channel/test', undefined],
      ['GET', `/api/channel/update_balance/${channel.id}`, undefined],
      ['GET', '/api/channel/update_balance', undefined],
      ['POST', '/api/channel/provider_models_list', { id: channel.id }],
      ['POST', '/api/sse/channel/check', { id: channel.id, models: 'gpt-4o' }],
    ];
    for (const [method, url, body] of routes) {
      const reply = await call(bare.app, method, url, { cookie: bareRoot, body });
      expect(reply.body, url).toMatchObject({ success: false, code: 'FAILED' });
      expect(reply.body.message, url).toContain('中转功能尚未构建');
    }
  });

  it('tests one channel: latency and test time recorded, reply {success, message, time}', async () => {
    const [channel] = await create({ key: 'good', test_model: 'gpt-4o' });
    const reply = await as('GET', `/api/channel/test/${channel.id}`);
    expect(reply.body).toEqual({ success: true, message: '测速成功', time: 0.25 });
    expect(await row(channel.id)).toMatchObject({ response_time: 250 });
    expect((await row(channel.id))?.test_time).toBeGreaterThan(0);
    await as('GET', `/api/channel/test/${channel.id}?model=o1`);
    expect(fake.calls).toEqual(['test good gpt-4o', 'test good o1']);
  });

  it('needs a test model, and answers NOT_FOUND for an unknown channel', async () => {
    const [channel] = await create({ key: 'good' });
    const reply = await as('GET', `/api/channel/test/${channel.id}`);
    expect(reply.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: '请先设置测速模型',
    });
    expect((await as('GET', '/api/channel/test/999999')).body.code).toBe('NOT_FOUND');
    expect(fake.calls).toEqual([]);
  });

  it('disables a channel whose key the upstream refuses only when AutomaticDisableChannelEnabled is on', async () => {
    const [channel] = await create({ key: 'bad-key', test_model: 'gpt-4o' });
    const kept = await as('GET', `/api/channel/test/${channel.id}`);
    expect(kept.body).toEqual({
      success: false,
      message: '测速失败，原因：invalid api key',
      time: 0.1,
      request_id: kept.headers['x-request-id'],
    });
    expect((await row(channel.id))?.status).toBe(1);
    await t.app.gw.options.set('AutomaticDisableChannelEnabled', 'true');
    const disabled = await as('GET', `/api/channel/test/${channel.id}`);
    expect(disabled.body.message).toBe('测速失败，已被禁用，原因：invalid api key');
    expect((await row(channel.id))?.status).toBe(3);
    // A failure that is not about the credential never disables.
    const [slow] = await create({ key: 'slow', test_model: 'gpt-4o' });
    await as('GET', `/api/channel/test/${slow.id}`);
    expect((await row(slow.id))?.status).toBe(1);
  });

  it('never re-enables an auto-disabled channel from a single test or a model check, even with AutomaticEnableChannelEnabled on', async () => {
    await t.app.gw.options.set('AutomaticEnableChannelEnabled', 'true');
    const [channel] = await create({ key: 'good', test_model: 'gpt-4o' });
    await t.app.gw.db.updateTable('channels').set({ status: 3 }).where('id', '=', channel.id).execute();
    const reply = await as('GET', `/api/channel/test/${channel.id}`);
    expect(reply.body).toMatchObject({ success: true });
    expect(await row(channel.id)).toMatchObject({ status: 3, response_time: 250 });
    await as('POST', '/api/sse/channel/check', { id: channel.id, models: 'gpt-4o' });
    expect((await row(channel.id))?.status).toBe(3);
  });

  it('tests every channel but the hand-disabled ones in the background, one run at a time, re-enabling when allowed', async () => {
    await t.app.gw.options.set('AutomaticEnableChannelEnabled', 'true');
    const [good] = await create({ key: 'good', test_model: 'gpt-4o' });
    const [auto] = await create({ key: 'good-again', test_model: 'gpt-4o' });
    const [manual] = await create({ key: 'good-manual', test_model: 'gpt-4o' });
    await create({ key: 'good-untestable' });
    await t.app.gw.db.updateTable('channels').set({ status: 3 }).where('id', '=', auto.id).execute();
    await t.app.gw.db.updateTable('channels').set({ status: 2 }).where('id', '=', manual.id).execute();
    fake.hold();
    const started = await as('GET', '/api/channel/test');
    expect(started.body).toEqual({ success: true, message: '已成功开始测试所有通道，请刷新页面查看结果。' });
    const again = await as('GET', '/api/channel/test');
    expect(again.body).toMatchObject({ success: false, message: '测试已在运行中' });
    fake.release();
    await vi.waitFor(async () => expect((await row(auto.id))?.status).toBe(1));
    expect(fake.calls.sort()).toEqual(['test good gpt-4o', 'test good-again gpt-4o']);
    expect((await row(good.id))?.response_time).toBe(250);
    expect((await row(manual.id))?.status).toBe(2);
    await vi.waitFor(async () => expect((await as('GET', '/api/channel/test')).body.success).toBe(true));
  });

  it('refreshes one balance {success, message, balance}, and every enabled OpenAI/Custom channel at once', async () => {
    // §8.3: an empty balance disables the channel with AutomaticDisableChannelEnabled off too.
    await t.app.gw.options.set('AutomaticDisableChannelEnabled', 'false');
    const [one] = await create({ key: 'rich' });
    const [empty] = await create({ key: 'empty' });
    const [custom] = await create({ key: 'custom', type: 8, base_url: 'https://up.example' });
    const [claude] = await create({ key: 'claude', type: 14 });
    const reply = await as('GET', `/api/channel/update_balance/${one.id}`);
    expect(reply.body).toEqual({ success: true, message: '', balance: 12.5 });
    expect(await row(one.id)).toMatchObject({ balance: 12.5 });
    expect((await row(one.id))?.balance_updated_time).toBeGreaterThan(0);
    fake.calls.length = 0;
    const all = await as('GET', '/api/channel/update_balance');
    expect(all.body).toEqual({ success: true, message: '已更新所有渠道余额' });
    expect(fake.calls.sort()).toEqual(['balance custom', 'balance empty', 'balance rich']);
    expect(await row(empty.id)).toMatchObject({ balance: 0, status: 3 });
    expect(await row(custom.id)).toMatchObject({ balance: 12.5, status: 1 });
    expect((await row(claude.id))?.balance_updated_time).toBe(0);
  });

  it('lists the upstream models once each, from a form’s first key line or a stored channel', async () => {
    const [stored] = await create({ key: 'stored-key' });
    const fromStored = await as('POST', '/api/channel/provider_models_list', { id: stored.id });
    expect(fromStored.body).toMatchObject({ success: true, data: ['gpt-4o', 'o1'] });
    await as('POST', '/api/channel/provider_models_list', { type: 1, key: 'first\nsecond' });
    expect(fake.calls).toEqual(['models stored-key', 'models first']);
    const refused = await as('POST', '/api/channel/provider_models_list', { type: 1 });
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('streams a check of several models as server-sent events, ending with done', async () => {
    const [channel] = await create({ key: 'good' });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/sse/channel/check',
      headers: { cookie: root },
      payload: { id: channel.id, models: 'gpt-4o, o1,gpt-4o' },
    });
    expect(reply.headers['content-type']).toContain('text/event-stream');
    const events = reply.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => {
        expect(block.startsWith('event:message\ndata:')).toBe(true);
        return JSON.parse(block.slice('event:message\ndata:'.length));
      });
    expect(events.map((event) => event.type)).toEqual(['result', 'result', 'done']);
    const results = events.slice(0, 2).map((event) => modelCheckResultSchema.parse(event.data));
    expect(results.map((result) => [result.model, result.process[0]?.results[0]?.status])).toEqual([
      ['gpt-4o', 1],
      ['o1', 1],
    ]);
    expect(events[2]).toEqual({ type: 'done', data: 'completed' });
    const bad = await as('POST', '/api/sse/channel/check', { id: channel.id });
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
