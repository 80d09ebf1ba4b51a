// Model owners on every configured dialect: built-ins seeded, custom ids above 1000 fixed once set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('model owners on %s', (kind) => {
  let t: TestApp;
  let root: string;
  const rows = () => t.app.gw.db.selectFrom('model_ownedby').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t.close());

  it('lists the built-in owners publicly, as a list and as a map by id', async () => {
    const list = await call(t.app, 'GET', '/api/model_ownedby');
    expect(list.body.data).toHaveLength(35);
    expect(list.body.data[0]).toEqual({ id: 1, name: 'OpenAI', icon: '' });
    const map = await call(t.app, 'GET', '/api/ownedby');
    expect(map.body.data['14']).toEqual({ id: 14, name: 'Anthropic', icon: '' });
  });

  it('adds a custom owner with its id or the next free one, edits it and deletes it', async () => {
    const mine = await call(t.app, 'POST', '/api/model_ownedby/', {
      cookie: root,
      body: { id: 1001, name: 'Acme', icon: 'https://x.test/a.png' },
    });
    expect(mine.body.data).toEqual({ id: 1001, name: 'Acme', icon: 'https://x.test/a.png' });
    const next = await call(t.app, 'POST', '/api/model_ownedby/', { cookie: root, body: { name: 'Next' } });
    expect(next.body.data.id).toBe(1002);
    const edited = await call(t.app, 'PUT', '/api/model_ownedby/', {
      cookie: root,
      body: { id: 1001, name: 'Acme 2' },
    });
    expect(edited.body.data).toEqual({ id: 1001, name: 'Acme 2', icon: '' });
    const read = await call(t.app, 'GET', '/api/model_ownedby/1001', { cookie: root });
    expect(read.body.data.name).toBe('Acme 2');
    expect((await call(t.app, 'DELETE', '/api/model_ownedby/1002', { cookie: root })).body.success).toBe(
      true,
    );
    expect((await rows()).map((row) => row.id)).toContain(1001);
    expect((await rows()).map((row) => row.id)).not.toContain(1002);
  });

  it.each([
    ['a reserved id', { id: 1000, name: 'x' }, 'id'],
    ['a taken id', { id: 1001, name: 'x' }, 'id'],
    ['a missing name', { id: 2000 }, 'name'],
    ['an id as text', { id: 'abc', name: 'x' }, 'id'],
    ['an oversized icon', { id: 2001, name: 'x', icon: `https://${'i'.repeat(600)}` }, 'icon'],
  ])('refuses %s and stores nothing', async (_label, body, field) => {
    const before = await rows();
    const reply = await call(t.app, 'POST', '/api/model_ownedby/', { cookie: root, body });
    expect(reply.body.success).toBe(false);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await rows()).toEqual(before);
  });

  it('never deletes a built-in owner and refuses an unknown one', async () => {
    const before = await rows();
    const builtIn = await call(t.app, 'DELETE', '/api/model_ownedby/1', { cookie: root });
    expect(builtIn.body).toMatchObject({ success: false, message: '内置模型归属不能删除' });
    const unknown = await call(t.app, 'PUT', '/api/model_ownedby/', {
      cookie: root,
      body: { id: 5000, name: 'x' },
    });
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await rows()).toEqual(before);
  });
});
