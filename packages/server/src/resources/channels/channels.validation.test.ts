// Channel write rules of console-spec §5 on every configured dialect: each refused body says which field
// is wrong and why, and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { channelBody, channelRows, createChannelsAs } from './test-support/channels-test-support.js';

type Method = 'POST' | 'PUT' | 'DELETE';

describe.each(TEST_DIALECTS)('channel validation on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let id = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    [{ id }] = await createChannelsAs(t.app, root, { tag: 'grp' });
  });
  afterAll(() => t.close());

  const refuses = async (method: Method, url: string, body: unknown, field: string, text?: string) => {
    const before = await channelRows(t.app);
    const reply = await call(t.app, method, url, { cookie: root, body });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(false);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(reply.body.message).not.toMatch(/validation\.|channels\./);
    if (text) expect(reply.body.message).toContain(text);
    expect(await channelRows(t.app)).toEqual(before);
  };

  it.each([
    ['no name', { name: '' }, 'name', '名称 不能为空'],
    ['no key', { key: '' }, 'key', '密钥 不能为空'],
    ['a key of blank lines', { key: ' \n \n' }, 'key', '密钥 不能为空'],
    ['no models', { models: '' }, 'models', '模型 不能为空'],
    ['no group', { group: undefined }, 'group', '用户组 不能为空'],
    ['no type', { type: undefined }, 'type', '渠道类型 不能为空'],
    ['a retired type', { type: 2 }, 'type', '未知的渠道类型'],
    ['an owner-only type', { type: 43 }, 'type', '未知的渠道类型'],
    ['a type given as text', { type: '1' }, 'type', undefined],
    ['Azure without a base URL', { type: 3, base_url: '' }, 'base_url', '渠道API地址 不能为空'],
    ['Custom without a base URL', { type: 8 }, 'base_url', '渠道API地址 不能为空'],
    ['model_mapping that is not JSON', { model_mapping: '{oops' }, 'model_mapping', 'JSON'],
    ['model_headers that is a JSON array', { model_headers: '["a"]' }, 'model_headers', 'JSON'],
    ['custom_parameter that is a JSON string', { custom_parameter: '"x"' }, 'custom_parameter', 'JSON'],
    ['a negative priority', { priority: -1 }, 'priority', '优先级不能小于 0'],
    ['a weight of 0', { weight: 0 }, 'weight', '权重不能小于 1'],
    ['a fractional weight', { weight: 1.5 }, 'weight', undefined],
    ['a pre_cost of 4', { pre_cost: 4 }, 'pre_cost', undefined],
    ['a status of 7', { status: 7 }, 'status', undefined],
    ['only_chat as text', { only_chat: 'yes' }, 'only_chat', undefined],
    ['a name over 255 characters', { name: 'n'.repeat(256) }, 'name', undefined],
    ['a tag over 32 characters', { tag: 't'.repeat(33) }, 'tag', undefined],
    ['a group list over 512 characters', { group: 'g'.repeat(513) }, 'group', undefined],
    ['one key over 16000 characters', { key: `ok\n${'k'.repeat(16_001)}` }, 'key', undefined],
    ['models over 16000 characters', { models: 'm'.repeat(16_001) }, 'models', undefined],
    ['a name too long for its _2 suffix', { name: 'n'.repeat(254), key: 'a\nb' }, 'name', undefined],
  ])('create refuses %s', async (_label, overrides, field, text) => {
    await refuses('POST', '/api/channel/', channelBody(overrides), field, text);
  });

  it.each([
    ['no id', { id: undefined }, 'id'],
    ['a weight of 0', { weight: 0 }, 'weight'],
    ['model_mapping that is not JSON', { model_mapping: 'nope' }, 'model_mapping'],
    ['an unknown type', { type: 999 }, 'type'],
    ['an empty name', { name: '' }, 'name'],
  ])('full edit refuses %s', async (_label, overrides, field) => {
    await refuses('PUT', '/api/channel/', { ...channelBody({ id }), ...overrides }, field);
  });

  it.each([
    ['a negative priority', { priority: -3 }, 'priority'],
    ['a weight of 0', { weight: 0 }, 'weight'],
    ['a status of 0', { status: 0 }, 'status'],
    ['a priority as text', { priority: 'high' }, 'priority'],
    ['an id as text', { id: 'one', status: 1 }, 'id'],
  ])('quick edit refuses %s', async (_label, body, field) => {
    await refuses('PUT', '/api/channel/', { id, ...body }, field);
  });

  it.each([
    ['DELETE', '/api/channel/batch', { ids: [] }, 'ids'],
    ['DELETE', '/api/channel/batch', { ids: ['x'] }, 'ids.0'],
    ['PUT', '/api/channel/batch/azure_api', { ids: [1], value: '' }, 'value'],
    ['PUT', '/api/channel/batch/del_model', { ids: [1] }, 'value'],
    ['PUT', '/api/channel_tag/grp', { models: 'x' }, 'key'],
    ['PUT', '/api/channel_tag/grp', { key: 'k', model_headers: '[]' }, 'model_headers'],
    ['PUT', '/api/channel_tag/grp', { key: 'k', tag: 't'.repeat(40) }, 'tag'],
    ['PUT', '/api/channel_tag/grp', { key: 'k'.repeat(16_001) }, 'key'],
    ['PUT', '/api/channel_tag/grp/priority', { type: 'priority', value: -1 }, 'value'],
    ['PUT', '/api/channel_tag/grp/priority', { type: 'weight', value: 0 }, 'value'],
    ['PUT', '/api/channel_tag/grp/priority', { type: 'status', value: 1 }, 'type'],
  ] as const)('%s %s refuses %j', async (method, url, body, field) => {
    await refuses(method, url, body, field);
  });

  it('refuses a malformed JSON body and stores nothing', async () => {
    const before = await channelRows(t.app);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/channel/',
      headers: { cookie: root, 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(JSON.parse(reply.body)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await channelRows(t.app)).toEqual(before);
  });

  it('answers in the caller’s language', async () => {
    const reply = await call(t.app, 'POST', '/api/channel/', {
      cookie: root,
      body: channelBody({ name: '', key: '' }),
      headers: { 'accept-language': 'en-US' },
    });
    expect(reply.body.message).toContain('Name is required');
    expect(reply.body.message).toContain('Key cannot be empty');
  });
});
