// Refused redemption writes on every configured dialect: each bad body gets a clear message and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('redemption validation on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let id: number;

  const rows = () => t.app.gw.db.selectFrom('redemptions').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    const created = await call(t.app, 'POST', '/api/redemption/', {
      cookie: root,
      body: { name: 'keep', quota: 7 },
    });
    expect(created.body.success).toBe(true);
    id = (await rows())[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  const refuse = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string | undefined) => {
    const before = await rows();
    const reply = await call(t.app, method, url, { cookie: root, body });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message.length).toBeGreaterThan(3);
    expect(reply.body.message).not.toMatch(/validation\.|redemptions\./);
    if (field) expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await rows()).toEqual(before);
  };

  it.each([
    ['a missing name', { quota: 1, count: 1 }, 'name'],
    ['an empty name (after trimming)', { name: '   ', quota: 1 }, 'name'],
    ['a name over 20 bytes', { name: '兑换码兑换码兑', quota: 1 }, 'name'],
    ['a name of the wrong type', { name: 5, quota: 1 }, 'name'],
    ['a quota of the wrong type', { name: 'x', quota: '100' }, 'quota'],
    ['a negative quota', { name: 'x', quota: -1 }, 'quota'],
    ['a fractional quota', { name: 'x', quota: 1.5 }, 'quota'],
    ['a quota beyond the exact integers', { name: 'x', quota: 2 ** 60 }, 'quota'],
    ['a count of 0', { name: 'x', count: 0 }, 'count'],
    ['a count over 100', { name: 'x', count: 101 }, 'count'],
    ['a fractional count', { name: 'x', count: 2.5 }, 'count'],
  ])('refuses a create with %s', async (_label, body, field) => {
    await refuse('POST', '/api/redemption/', body, field);
  });

  it('refuses a create body that is not JSON', async () => {
    const before = await rows();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/redemption/',
      headers: { cookie: root, 'content-type': 'application/json' },
      payload: '{"name": "x", ',
    });
    expect(JSON.parse(reply.body)).toMatchObject({ success: false });
    expect(await rows()).toEqual(before);
  });

  it.each([
    ['a missing id', { name: 'x', quota: 1 }, 'id'],
    ['an id of the wrong type', { id: 'one', name: 'x', quota: 1 }, 'id'],
    ['a missing quota', { id: -1, name: 'x' }, 'quota'],
    ['a name over 20 bytes', { id: -1, name: 'abcdefghijklmnopqrstu', quota: 1 }, 'name'],
    ['a negative quota', { id: -1, name: 'x', quota: -5 }, 'quota'],
  ])('refuses an edit with %s', async (_label, body, field) => {
    await refuse('PUT', '/api/redemption/', 'id' in body && body.id === -1 ? { ...body, id } : body, field);
  });

  it.each([
    ['the status "used"', { status: 3 }, 'status'],
    ['an unknown status', { status: 9 }, 'status'],
    ['a status of the wrong type', { status: 'on' }, 'status'],
    ['a missing id', { noId: true, status: 2 }, 'id'],
  ])('refuses a status change to %s', async (_label, extra, field) => {
    const { noId, ...rest } = extra as { noId?: boolean; status: unknown };
    await refuse('PUT', '/api/redemption/?status_only=true', noId ? rest : { id, ...rest }, field);
  });

  it('refuses an edit of a code that does not exist, and an empty redeem key', async () => {
    await refuse('PUT', '/api/redemption/', { id: 99999, name: 'x', quota: 1 }, undefined);
    await refuse('POST', '/api/user/topup', { key: '' }, 'key');
    await refuse('POST', '/api/user/topup', { key: 42 }, 'key');
  });
});
