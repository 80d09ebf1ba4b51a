// Channel routes (contract §1.7) on every configured dialect: create, read, list filters, edits, deletes.
import { channelSchema } from '@gw/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { channelRows, createChannelsAs } from './test-support/channels-test-support.js';
import { UNAVAILABLE_CHANNEL_PROVIDER } from './provider.js';

describe.each(TEST_DIALECTS)('channels on %s', (kind) => {
  let t: TestApp;
  let root: string;

  const create = (overrides: Record<string, unknown> = {}) => createChannelsAs(t.app, root, overrides);
  const get = (url: string) => call(t.app, 'GET', url, { cookie: root });
  const names = (reply: { body: { data: { data: { name: string }[] } } }) =>
    reply.body.data.data.map((channel) => channel.name);

  beforeAll(async () => {
    // Without a relay provider, as the provider_models_list refusal below expects (the app wires the relay's).
    t = await startTestApp(kind, {}, { channelSeams: { provider: UNAVAILABLE_CHANNEL_PROVIDER } });
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  beforeEach(async () => {
    await t.app.gw.db.deleteFrom('channels').execute();
  });
  afterAll(() => t.close());

  it('Given three keys, When created, Then there are three channels named name, name_2, name_3 with aligned base URLs', async () => {
    const created = await create({
      type: 8,
      name: 'multi',
      key: 'k1\n\n k2 \nk3',
      base_url: 'https://a.example\nhttps://b.example',
    });
    expect(created.map((c) => [c.name, c.key, c.base_url])).toEqual([
      ['multi', 'k1', 'https://a.example'],
      ['multi_2', 'k2', 'https://b.example'],
      ['multi_3', 'k3', 'https://a.example'],
    ]);
    const rows = await channelRows(t.app);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === 1 && row.weight === 1 && row.pre_cost === 1)).toBe(true);
    expect(rows[0]?.created_time).toBeGreaterThan(0);
  });

  it('Given pretty-printed service-account JSONs and a plain key, When created, Then each JSON is one whole key', async () => {
    const account = {
      type: 'service_account',
      project_id: 'gw-test',
      client_email: 'gw@gw-test.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----\n',
    };
    const first = JSON.stringify(account, null, 2);
    const second = JSON.stringify({ ...account, project_id: 'gw-two' }, null, 2);
    const created = await create({
      type: 42,
      name: 'vertex',
      key: `${first}\n${second}\n`,
      other: 'us-central1',
    });
    expect(created.map((c) => [c.name, c.key])).toEqual([
      ['vertex', first],
      ['vertex_2', second],
    ]);
    const plain = await create({ type: 8, name: 'plain', key: 'sk-a\nsk-b', base_url: 'https://a.example' });
    expect(plain.map((c) => c.key)).toEqual(['sk-a', 'sk-b']);
  });

  it('fills the defaults of contract §5.6 and the Azure api-version, and stores CSVs tidied', async () => {
    const [azure] = await create({
      type: 3,
      base_url: 'https://x.openai.azure.com',
      models: ' gpt-4o , ,gpt-4 ',
      group: 'default, vip',
    });
    expect(azure).toMatchObject({
      other: '2024-05-01-preview',
      models: 'gpt-4o,gpt-4',
      group: 'default,vip',
    });
    expect(azure).toMatchObject({ weight: 1, priority: 0, pre_cost: 1, only_chat: false, plugin: null });
    expect(azure.disabled_stream).toBeUndefined();
  });

  it('shows keys only on the detail: the list answers key ""', async () => {
    const [channel] = await create({ key: 'sk-secret' });
    const detail = await get(`/api/channel/${channel.id}`);
    expect(channelSchema.parse(detail.body.data).key).toBe('sk-secret');
    const list = await get('/api/channel/');
    expect(list.body.data.data[0].key).toBe('');
    expect(JSON.stringify(list.body)).not.toContain('sk-secret');
    const missing = await get('/api/channel/999999');
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: '渠道不存在' });
  });

  it('filters by type, status, name substring, group member, models substring, exact key, other and test_model prefix, tag', async () => {
    await create({
      name: 'alpha',
      group: 'default,vip',
      models: 'gpt-4o',
      other: 'v1-x',
      test_model: 'gpt-4o',
    });
    await create({ name: 'beta_x', type: 14, group: 'vipplus', models: 'claude-3', key: 'exact-key' });
    await create({ name: 'gamma', group: 'svip,vip', tag: 'team' });
    const [off] = await create({ name: 'delta', group: 'default' });
    await call(t.app, 'PUT', '/api/channel/', { cookie: root, body: { id: off.id, status: 2 } });
    const list = async (query: string) =>
      names(await get(`/api/channel/?size=100&order=name&${query}`)).sort();
    expect(await list('type=14')).toEqual(['beta_x']);
    expect(await list('status=2')).toEqual(['delta']);
    expect(await list('name=et')).toEqual(['beta_x']);
    expect(await list('name=a_x')).toEqual(['beta_x']);
    expect(await list('name=%25')).toEqual([]);
    expect(await list('group=vip')).toEqual(['alpha', 'gamma']);
    expect(await list('models=claude')).toEqual(['beta_x']);
    expect(await list('key=exact-key')).toEqual(['beta_x']);
    expect(await list('key=exact')).toEqual([]);
    expect(await list('other=v1')).toEqual(['alpha']);
    expect(await list('test_model=gpt')).toEqual(['alpha']);
    expect(await list('tag=team')).toEqual(['gamma']);
    // one-hub's console sends empty integers for "no filter".
    expect(await list('type=&status=&channel_id=')).toHaveLength(4);
  });

  it('filter_tag: 0 = untagged + the newest of each tag, 1 = untagged only, 2 = tag rows only; total_count counts that set', async () => {
    await create({ name: 'plain1' });
    await create({ name: 'plain2' });
    await create({ name: 'red', key: 'r1\nr2\nr3', tag: 'red' });
    await create({ name: 'blue', key: 'b1\nb2', tag: 'blue' });
    const mixed = await get('/api/channel/?filter_tag=0&order=name&size=2');
    expect(mixed.body.data.total_count).toBe(4);
    const all = await get('/api/channel/?filter_tag=0&order=name&size=100');
    expect(names(all)).toEqual(['blue_2', 'plain1', 'plain2', 'red_3']);
    expect(names(await get('/api/channel/?filter_tag=1&order=name'))).toEqual(['plain1', 'plain2']);
    const tagsOnly = await get('/api/channel/?filter_tag=2&order=name');
    expect(names(tagsOnly)).toEqual(['blue_2', 'red_3']);
    expect(tagsOnly.body.data.total_count).toBe(2);
    // Filters apply before the representative is chosen.
    expect(names(await get('/api/channel/?filter_tag=2&name=red_2'))).toEqual(['red_2']);
    const bad = await get('/api/channel/?filter_tag=5');
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('sorts by the whitelisted fields, pages, and refuses other sort fields and sizes over 100', async () => {
    await create({ name: 'b', priority: 5 });
    await create({ name: 'a', priority: 10 });
    await create({ name: 'c', priority: 0 });
    expect(names(await get('/api/channel/?order=-priority'))).toEqual(['a', 'b', 'c']);
    expect(names(await get('/api/channel/?order=name&page=2&size=2'))).toEqual(['c']);
    expect((await get('/api/channel/?order=key')).body).toMatchObject({
      success: false,
      message: "不允许对字段 'key' 进行排序",
    });
    expect((await get('/api/channel/?size=101')).body.success).toBe(false);
  });

  it('full edit writes the form but never created_time, balance, test_time, response_time or used_quota (§6.17)', async () => {
    const [channel] = await create({ name: 'orig', key: 'keep-me', tag: 'x', only_chat: true });
    await t.app.gw.db
      .updateTable('channels')
      .set({ created_time: 1000, balance: 12.5, test_time: 2000, response_time: 300, used_quota: 777 })
      .where('id', '=', channel.id)
      .execute();
    const reply = await call(t.app, 'PUT', '/api/channel/', {
      cookie: root,
      body: {
        ...channel,
        name: 'renamed',
        key: '',
        models: 'gpt-4o',
        only_chat: false,
        tag: '',
        created_time: 0,
        balance: 0,
        test_time: 0,
        used_quota: 0,
        model_mapping: '{"gpt-4o":"gpt-4o-2024"}',
      },
    });
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toMatchObject({
      name: 'renamed',
      key: 'keep-me',
      models: 'gpt-4o',
      only_chat: false,
      tag: '',
      created_time: 1000,
      balance: 12.5,
      test_time: 2000,
      response_time: 300,
      used_quota: 777,
      model_mapping: '{"gpt-4o":"gpt-4o-2024"}',
    });
  });

  it('quick edits apply the fields sent, 0 included (§6.18), and leave the rest alone', async () => {
    const [channel] = await create({ name: 'quick', priority: 7, weight: 3 });
    const zero = await call(t.app, 'PUT', '/api/channel/', {
      cookie: root,
      body: { id: channel.id, priority: 0 },
    });
    expect(zero.body.data).toMatchObject({ priority: 0, weight: 3, name: 'quick', key: 'sk-one' });
    const off = await call(t.app, 'PUT', '/api/channel/', {
      cookie: root,
      body: { id: channel.id, status: 2 },
    });
    expect(off.body.data.status).toBe(2);
    const weight = await call(t.app, 'PUT', '/api/channel/', {
      cookie: root,
      body: { id: channel.id, weight: 9 },
    });
    expect(weight.body.data).toMatchObject({ weight: 9, priority: 0, status: 2 });
    const missing = await call(t.app, 'PUT', '/api/channel/', {
      cookie: root,
      body: { id: 999999, status: 1 },
    });
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('deletes one, clears a tag, deletes the disabled ones and batches by id', async () => {
    const [a, b, c, d, e] = await create({ name: 'n', key: 'a\nb\nc\nd\ne', tag: 'grp' });
    expect((await call(t.app, 'DELETE', `/api/channel/${a.id}`, { cookie: root })).body.success).toBe(true);
    expect((await call(t.app, 'DELETE', `/api/channel/${a.id}`, { cookie: root })).body.code).toBe(
      'NOT_FOUND',
    );
    await call(t.app, 'DELETE', `/api/channel/${b.id}/tag`, { cookie: root });
    expect((await get(`/api/channel/${b.id}`)).body.data.tag).toBe('');
    await t.app.gw.db.updateTable('channels').set({ status: 2 }).where('id', '=', c.id).execute();
    await t.app.gw.db.updateTable('channels').set({ status: 3 }).where('id', '=', d.id).execute();
    const disabled = await call(t.app, 'DELETE', '/api/channel/disabled', { cookie: root });
    expect(disabled.body).toMatchObject({ success: true, data: 2 });
    const batch = await call(t.app, 'DELETE', '/api/channel/batch', {
      cookie: root,
      body: { ids: [b.id, e.id, 999999], value: 'x' },
    });
    expect(batch.body).toMatchObject({ success: true, data: 2 });
    expect(await channelRows(t.app)).toEqual([]);
  });

  it('batch azure_api sets other; batch del_model removes one model and counts the channels changed', async () => {
    const [a, b] = await create({ key: 'a\nb', models: 'gpt-4o,gpt-4,o1' });
    const [c] = await create({ models: 'claude-3' });
    const azure = await call(t.app, 'PUT', '/api/channel/batch/azure_api', {
      cookie: root,
      body: { ids: [a.id, b.id], value: '2025-01-01' },
    });
    expect(azure.body).toMatchObject({ success: true, message: '更新成功', data: 2 });
    const removed = await call(t.app, 'PUT', '/api/channel/batch/del_model', {
      cookie: root,
      body: { ids: [a.id, c.id], value: 'gpt-4' },
    });
    expect(removed.body).toMatchObject({ success: true, data: 1 });
    const rows = await channelRows(t.app);
    expect(rows.map((row) => [row.other, row.models])).toEqual([
      ['2025-01-01', 'gpt-4o,o1'],
      ['2025-01-01', 'gpt-4o,gpt-4,o1'],
      ['', 'claude-3'],
    ]);
  });

  it('GET /api/channel/models is not enveloped and lists each configured model once (wildcards left out)', async () => {
    await create({ models: 'gpt-4o,gpt-4*' });
    await create({ type: 14, models: 'claude-3,gpt-4o' });
    const reply = await get('/api/channel/models');
    expect(reply.body.success).toBeUndefined();
    expect(reply.body).toEqual({
      object: 'list',
      data: [
        { id: 'claude-3', object: 'model', created: 1677649963, owned_by: 'Anthropic Claude' },
        { id: 'gpt-4o', object: 'model', created: 1677649963, owned_by: 'OpenAI' },
      ],
    });
  });

  it('provider_models_list answers the relay seam’s clear refusal until the relay exists', async () => {
    const [channel] = await create();
    const reply = await call(t.app, 'POST', '/api/channel/provider_models_list', {
      cookie: root,
      body: { id: channel.id },
      headers: { 'accept-language': 'en-US' },
    });
    expect(reply.body).toMatchObject({ success: false, code: 'FAILED' });
    expect(reply.body.message).toMatch(/relay is not built yet/);
  });
});
