// Prices on every configured dialect: the public list, single and batch writes, imports by mode (locked
// rows kept), refused bodies that store nothing, and the available-model list built on prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

const gpt = { model: 'gpt-4o', type: 'tokens', channel_type: 1, input: 1.25, output: 5 };

describe.each(TEST_DIALECTS)('prices on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;
  const rows = () => t.app.gw.db.selectFrom('prices').selectAll().orderBy('model').execute();
  const models = async () => (await rows()).map((row) => row.model);
  const ok = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
    const reply = await call(t.app, method, url, { cookie: root, body });
    expect(reply.body).toMatchObject({ success: true });
  };
  const channelId = async (name: string) =>
    (await t.app.gw.db.selectFrom('channels').select('id').where('name', '=', name).executeTakeFirstOrThrow())
      .id;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
  });
  afterAll(() => t.close());

  it('answers an empty list with "pricing data not found", CORS open', async () => {
    const reply = await call(t.app, 'GET', '/api/prices', { headers: { origin: 'https://x.test' } });
    expect(reply.body).toMatchObject({ success: false, message: 'pricing data not found' });
    expect(reply.headers['access-control-allow-origin']).toBe('https://x.test');
  });

  it('adds, renames and deletes single prices, model names with a slash included, ratios kept exactly', async () => {
    await ok('POST', '/api/prices/single', gpt);
    await ok('POST', '/api/prices/single', { ...gpt, model: 'openai/o1*', input: 0.1, output: 0.3 });
    const list = await call(t.app, 'GET', '/api/prices');
    expect(list.body.data).toEqual([
      { ...gpt, locked: false },
      { model: 'openai/o1*', type: 'tokens', channel_type: 1, input: 0.1, output: 0.3, locked: false },
    ]);
    expect((await rows()).find((row) => row.model === 'openai/o1*')?.input).toBe('0.1');

    const path = `/api/prices/single/${encodeURIComponent('openai/o1*')}`;
    await ok('PUT', path, {
      model: 'openai/o1-mini',
      type: 'times',
      channel_type: 14,
      input: 2,
      output: 0,
      locked: true,
    });
    expect(await models()).toEqual(['gpt-4o', 'openai/o1-mini']);
    const removed = await call(
      t.app,
      'DELETE',
      `/api/prices/single/${encodeURIComponent('openai/o1-mini')}`,
      {
        cookie: root,
      },
    );
    expect(removed.body.success).toBe(true);
    expect(await models()).toEqual(['gpt-4o']);
  });

  it.each([
    ['a model already priced', gpt, 'model'],
    ['a lone wildcard', { ...gpt, model: '*' }, 'model'],
    ['a wildcard inside the name', { ...gpt, model: 'gpt*4' }, 'model'],
    ['an unknown type', { ...gpt, model: 'm1', type: 'bytes' }, 'type'],
    ['no owner', { ...gpt, model: 'm2', channel_type: 0 }, 'channel_type'],
    ['an owner that does not exist', { ...gpt, model: 'm3', channel_type: 999 }, 'channel_type'],
    ['a negative ratio', { ...gpt, model: 'm4', output: -1 }, 'output'],
    ['a missing input', { ...gpt, model: 'm5', input: undefined }, 'input'],
    ['a ratio as text', { ...gpt, model: 'm6', input: '1' }, 'input'],
    ['an oversized model name', { ...gpt, model: 'm'.repeat(192) }, 'model'],
  ])('refuses %s with a clear message and stores nothing', async (_label, body, field) => {
    const before = await rows();
    const reply = await call(t.app, 'POST', '/api/prices/single', { cookie: root, body });
    expect(reply.body.success).toBe(false);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(reply.body.message).not.toMatch(/prices\.|validation\./);
    expect(await rows()).toEqual(before);
  });

  it('refuses to edit or delete a model without a price', async () => {
    const before = await rows();
    const edit = await call(t.app, 'PUT', '/api/prices/single/none', {
      cookie: root,
      body: { ...gpt, model: 'none' },
    });
    expect(edit.body).toMatchObject({ success: false, message: '模型 none 没有价格' });
    const remove = await call(t.app, 'DELETE', '/api/prices/single/none', { cookie: root });
    expect(remove.body.success).toBe(false);
    expect(await rows()).toEqual(before);
  });

  it('sets one price for many models: adds new ones, updates kept ones, deletes dropped ones', async () => {
    const price = { model: 'batch', type: 'tokens', channel_type: 14, input: 3, output: 15 };
    await ok('POST', '/api/prices/multiple', {
      original_models: [],
      models: ['claude-a', 'claude-b'],
      price,
    });
    await ok('POST', '/api/prices/multiple', {
      original_models: ['claude-a', 'claude-b'],
      models: ['claude-b', 'claude-c'],
      price: { ...price, input: 4 },
    });
    const claude = (await rows()).filter((row) => row.model.startsWith('claude'));
    expect(claude.map((row) => [row.model, row.input])).toEqual([
      ['claude-b', '4'],
      ['claude-c', '4'],
    ]);
    const before = await rows();
    const clash = await call(t.app, 'POST', '/api/prices/multiple', {
      cookie: root,
      body: { original_models: [], models: ['fresh', 'gpt-4o'], price },
    });
    expect(clash.body).toMatchObject({ success: false, message: '模型 gpt-4o 已有价格' });
    const repeated = await call(t.app, 'POST', '/api/prices/multiple', {
      cookie: root,
      body: { original_models: [], models: ['x', 'x'], price },
    });
    expect(repeated.body.success).toBe(false);
    expect(await rows()).toEqual(before);
    await ok('PUT', '/api/prices/multiple/delete', { models: ['claude-b', 'claude-c'] });
    expect(await models()).toEqual(['gpt-4o']);
  });

  it('imports by mode: add inserts missing, update skips locked rows, overwrite keeps locked rows', async () => {
    await ok('POST', '/api/prices/single', { ...gpt, model: 'locked-one', locked: true });
    const list = [
      { ...gpt, input: 9 },
      { ...gpt, model: 'locked-one', input: 9 },
      { ...gpt, model: 'new-one', input: 9 },
    ];
    await ok('POST', '/api/prices/sync?updateMode=add', list);
    expect((await rows()).map((row) => [row.model, row.input])).toEqual([
      ['gpt-4o', '1.25'],
      ['locked-one', '1.25'],
      ['new-one', '9'],
    ]);
    await ok(
      'POST',
      '/api/prices/sync?updateMode=update',
      list.map((row) => ({ ...row, input: 7 })),
    );
    expect((await rows()).map((row) => [row.model, row.input])).toEqual([
      ['gpt-4o', '7'],
      ['locked-one', '1.25'],
      ['new-one', '7'],
    ]);
    await ok('POST', '/api/prices/sync?updateMode=overwrite', [{ ...gpt, model: 'only', input: 1 }]);
    expect(await models()).toEqual(['locked-one', 'only']);
    const before = await rows();
    for (const [query, body] of [
      ['?updateMode=replace', [gpt]],
      ['', []],
      ['', [{ ...gpt, model: 'a*b' }]],
      ['', { not: 'a list' }],
    ] as const) {
      const reply = await call(t.app, 'POST', `/api/prices/sync${query}`, { cookie: root, body });
      expect(reply.body.success, `${query} ${JSON.stringify(body)}`).toBe(false);
    }
    expect(await rows()).toEqual(before);
  });

  it('lists the model list, the update service and the legacy list (admin only, bare array)', async () => {
    const list = await call(t.app, 'GET', '/api/prices/model_list', { cookie: root });
    expect(list.body.data).toEqual(['locked-one', 'only']);
    const service = await call(t.app, 'GET', '/api/prices/updateService', { cookie: root });
    expect(service.body.data).toBe('');
    await t.app.gw.options.set('ModelRatio', JSON.stringify({ 'gpt-3.5-turbo': 0.75 }));
    const legacyByUser = await call(t.app, 'GET', '/api/prices?type=old', { cookie: alice });
    expect(legacyByUser.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const legacy = await call(t.app, 'GET', '/api/prices?type=old', { cookie: root });
    expect(legacy.body).toEqual([
      { model: 'gpt-3.5-turbo', type: 'tokens', channel_type: 0, input: 0.75, output: 0.75, locked: false },
    ]);
    // The built-in list, whether or not this database was seeded with it (built-in-prices.test.ts).
    const defaults = await call(t.app, 'GET', '/api/prices?type=default');
    expect(defaults.body.success).toBe(true);
    expect(defaults.body.data).toContainEqual({
      model: 'gpt-4o',
      type: 'tokens',
      channel_type: 1,
      input: 2.5,
      output: 7.5,
      locked: false,
    });
  });

  it('lists the models enabled channels serve, with their price, owner and the caller’s visible groups', async () => {
    await ok('POST', '/api/user_group/', { symbol: 'vip', name: 'VIP', ratio: 1 });
    await t.app.gw.db.updateTable('users').set({ group: 'vip' }).where('username', '=', 'alice').execute();
    const channel = { type: 1, key: 'sk-x', group: 'default,vip' };
    await ok('POST', '/api/channel/', { ...channel, name: 'served', models: 'only,locked-one,gpt-4*' });
    await ok('POST', '/api/channel/', { ...channel, name: 'off', models: 'hidden' });
    await ok('PUT', '/api/channel/', { id: await channelId('off'), status: 2 });
    const anonymous = await call(t.app, 'GET', '/api/available_model');
    expect(Object.keys(anonymous.body.data).sort()).toEqual(['locked-one', 'only']);
    expect(anonymous.body.data.only).toEqual({
      groups: ['default'],
      owned_by: 'OpenAI',
      price: { model: 'only', type: 'tokens', channel_type: 1, input: 1, output: 5, locked: false },
    });
    const mine = await call(t.app, 'GET', '/api/available_model', { cookie: alice });
    expect(mine.body.data['locked-one'].groups).toEqual(['default', 'vip']);
    // The model lists join both sides: channel-only models in the price screen's list, priced models
    // (with their owner) first in the channel form's list.
    const modelList = await call(t.app, 'GET', '/api/prices/model_list', { cookie: root });
    expect(modelList.body.data).toEqual(expect.arrayContaining(['hidden', 'only']));
    const channelModels = await call(t.app, 'GET', '/api/channel/models', { cookie: root });
    const byId = new Map(
      channelModels.body.data.map((m: { id: string; owned_by: string }) => [m.id, m.owned_by]),
    );
    expect(byId.get('only')).toBe('OpenAI');
    expect(byId.has('hidden')).toBe(true);
  });
});
