// Model info on every configured dialect: unique model, JSON array string fields, public list newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

const info = {
  model: 'gpt-4o',
  name: 'GPT-4o',
  description: 'Omni',
  context_length: 128000,
  max_tokens: 4096,
  input_modalities: '["text","image"]',
  output_modalities: '["text"]',
  tags: '["chat"]',
  support_url: '[]',
};

describe.each(TEST_DIALECTS)('model info on %s', (kind) => {
  let t: TestApp;
  let root: string;
  const rows = () => t.app.gw.db.selectFrom('model_info').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t.close());

  it('creates, lists (newest first), edits and deletes model info', async () => {
    const first = await call(t.app, 'POST', '/api/model_info/', { cookie: root, body: info });
    expect(first.body.data).toMatchObject({ ...info, id: expect.any(Number) });
    expect(first.body.data.created_at).toBeGreaterThan(0);
    const second = await call(t.app, 'POST', '/api/model_info/', {
      cookie: root,
      body: { model: 'claude', name: 'Claude', tags: ['a', 'b'] },
    });
    expect(second.body.data).toMatchObject({ tags: '["a","b"]', input_modalities: '[]' });
    const list = await call(t.app, 'GET', '/api/model_info');
    expect(list.body.data.map((row: { model: string }) => row.model)).toEqual(['claude', 'gpt-4o']);
    const edited = await call(t.app, 'PUT', '/api/model_info/', {
      cookie: root,
      body: { ...info, id: first.body.data.id, name: 'GPT 4o' },
    });
    expect(edited.body.data.name).toBe('GPT 4o');
    await t.app.gw.db
      .insertInto('prices')
      .values({
        model: 'gpt-4o',
        type: 'tokens',
        channel_type: 1,
        input: '1',
        output: '2',
        locked: 0,
        extra_ratios: null,
      })
      .execute();
    const prices = await call(t.app, 'GET', '/api/prices');
    expect(prices.body.data[0].model_info).toMatchObject({
      name: 'GPT 4o',
      input_modalities: ['text', 'image'],
    });
    const removed = await call(t.app, 'DELETE', `/api/model_info/${second.body.data.id}`, { cookie: root });
    expect(removed.body.success).toBe(true);
    expect((await rows()).map((row) => row.model)).toEqual(['gpt-4o']);
  });

  it.each([
    ['a repeated model', info, 'model'],
    ['a missing name', { ...info, model: 'x1', name: undefined }, 'name'],
    ['a list that is not JSON', { ...info, model: 'x2', tags: 'chat, fast' }, 'tags'],
    ['a JSON object as a list', { ...info, model: 'x3', input_modalities: '{"a":1}' }, 'input_modalities'],
    ['a negative context length', { ...info, model: 'x4', context_length: -1 }, 'context_length'],
    ['an oversized model id', { ...info, model: 'm'.repeat(192) }, 'model'],
  ])('refuses %s and stores nothing', async (_label, body, field) => {
    const before = await rows();
    const reply = await call(t.app, 'POST', '/api/model_info/', { cookie: root, body });
    expect(reply.body.success).toBe(false);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(reply.body.message).not.toMatch(/model_info\.|validation\./);
    expect(await rows()).toEqual(before);
  });

  it('refuses renaming onto another model’s info', async () => {
    const other = await call(t.app, 'POST', '/api/model_info/', {
      cookie: root,
      body: { model: 'o1', name: 'o1' },
    });
    const before = await rows();
    const clash = await call(t.app, 'PUT', '/api/model_info/', {
      cookie: root,
      body: { id: other.body.data.id, model: 'gpt-4o', name: 'o1' },
    });
    expect(clash.body).toMatchObject({ success: false, message: '模型 gpt-4o 的信息已存在' });
    expect(await rows()).toEqual(before);
  });
});
