// The admin token routes on every configured dialect: search across owners with the owner's name,
// full edit, status-only edit and transfer, with the role rules and the bad-input table.
import { tokenSchema, tokenWithOwnerSchema } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createTokenAs,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
  tokenRows,
} from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('admin token routes on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  let ann: string;
  const idOf = async (username: string) =>
    (
      await t.app.gw.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  const search = (query: string, cookie = admin) =>
    call(t.app, 'GET', `/api/token/admin/search${query}`, { cookie });

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    await createUser(t.app, root, 'adminx');
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'adminx', action: 'promote' },
    });
    admin = await signIn(t.app, 'adminx', 'password-123');
    ann = await createUser(t.app, root, 'ann');
    await createUser(t.app, root, 'ben');
    await call(t.app, 'PUT', '/api/user/self', { cookie: ann, body: { display_name: 'Ann A' } });
    await createTokenAs(t.app, ann, { name: 'ann-one' });
    await createTokenAs(t.app, ann, { name: 'ann-two' });
    await createTokenAs(t.app, root, { name: 'root-key' });
    await createTokenAs(t.app, admin, { name: 'admin-key' });
  });
  afterAll(() => t.close());

  it('searches every owner with owner_name, echoing page and size (quirk §6.8 fixed)', async () => {
    const reply = await search('?page=1&size=2');
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toMatchObject({ page: 1, size: 2, total_count: 4 });
    const all = await search('?size=10');
    const rows = all.body.data.data.map((row: unknown) => tokenWithOwnerSchema.parse(row));
    expect(rows.map((row: { name: string; owner_name: string }) => [row.name, row.owner_name])).toEqual([
      ['admin-key', 'adminx'],
      ['root-key', 'root'],
      ['ann-two', 'Ann A'],
      ['ann-one', 'Ann A'],
    ]);
  });

  it('filters by owner, token id and name prefix, and sorts by the token whitelist', async () => {
    const byOwner = await search(`?user_id=${await idOf('ann')}&order=name`);
    expect(byOwner.body.data.data.map((row: { name: string }) => row.name)).toEqual(['ann-one', 'ann-two']);
    const one = (await tokenRows(t.app)).find((row) => row.name === 'ann-two');
    const byId = await search(`?token_id=${one?.id}&user_id=`);
    expect(byId.body.data.data.map((row: { name: string }) => row.name)).toEqual(['ann-two']);
    const byName = await search('?keyword=root');
    expect(byName.body.data.data.map((row: { name: string }) => row.name)).toEqual(['root-key']);
    expect((await search('?order=owner_name')).body).toMatchObject({ success: false });
    expect((await search('?size=101')).body).toMatchObject({ success: false });
    expect((await search('?user_id=abc')).body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it("hides keys of tokens whose owner has the caller's role or a higher one; root sees every key", async () => {
    const rows = (await search('?size=10')).body.data.data as Array<{ name: string; key: string }>;
    const keyOf = (name: string) => rows.find((row) => row.name === name)?.key;
    expect(keyOf('root-key')).toBe('');
    expect(keyOf('admin-key')).not.toBe('');
    expect(keyOf('ann-one')).not.toBe('');
    const byRoot = (await search('?size=10', root)).body.data.data as Array<{ key: string }>;
    expect(byRoot.every((row) => row.key !== '')).toBe(true);
  });

  it("edits any lower user's token and answers the updated token", async () => {
    const row = (await tokenRows(t.app)).find((token) => token.name === 'ann-one');
    const reply = await call(t.app, 'PUT', '/api/token/admin', {
      cookie: admin,
      body: { id: row?.id, name: 'ann-renamed', remain_quota: 77, unlimited_quota: false, expired_time: -1 },
    });
    expect(reply.body.success).toBe(true);
    expect(tokenSchema.parse(reply.body.data)).toMatchObject({
      name: 'ann-renamed',
      remain_quota: 77,
      key: row?.key,
    });
    const status = await call(t.app, 'PUT', '/api/token/admin?status_only=1', {
      cookie: admin,
      body: { id: row?.id, status: 2 },
    });
    expect(status.body.data).toMatchObject({ status: 2, name: 'ann-renamed' });
    expect((await tokenRows(t.app)).find((token) => token.id === row?.id)).toMatchObject({ status: 2 });
  });

  it('moves a token to another existing user with a new key; the owner must exist and be lower', async () => {
    const row = (await tokenRows(t.app)).find((token) => token.name === 'ann-two');
    const ben = await idOf('ben');
    const body = { id: row?.id, name: 'ann-two', user_id: ben };
    const moved = await call(t.app, 'PUT', '/api/token/admin', { cookie: admin, body });
    expect(moved.body.data).toMatchObject({ user_id: ben });
    expect(moved.body.data.key).not.toBe(row?.key);
    const stored = (await tokenRows(t.app)).find((token) => token.id === row?.id);
    expect(stored).toMatchObject({ user_id: ben, key: moved.body.data.key });
    const before = await tokenRows(t.app);
    const missing = await call(t.app, 'PUT', '/api/token/admin', {
      cookie: admin,
      body: { ...body, user_id: 999999 },
    });
    expect(missing.body).toMatchObject({ success: false, message: '目标用户不存在' });
    const toRoot = await call(t.app, 'PUT', '/api/token/admin', {
      cookie: admin,
      body: { ...body, user_id: 1 },
    });
    expect(toRoot.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await tokenRows(t.app)).toEqual(before);
  });

  it("refuses to touch a token of an equal or higher role's owner, or one that does not exist", async () => {
    const rootKey = (await tokenRows(t.app)).find((token) => token.name === 'root-key');
    const before = await tokenRows(t.app);
    const edit = await call(t.app, 'PUT', '/api/token/admin', {
      cookie: admin,
      body: { id: rootKey?.id, name: 'mine' },
    });
    expect(edit.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const status = await call(t.app, 'PUT', '/api/token/admin?status_only=1', {
      cookie: admin,
      body: { id: rootKey?.id, status: 2 },
    });
    expect(status.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const missing = await call(t.app, 'PUT', '/api/token/admin', {
      cookie: admin,
      body: { id: 999999, name: 'x' },
    });
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await tokenRows(t.app)).toEqual(before);
    const byRoot = await call(t.app, 'PUT', '/api/token/admin?status_only=1', {
      cookie: root,
      body: { id: rootKey?.id, status: 2 },
    });
    expect(byRoot.body.data.status).toBe(2);
  });

  it.each([
    ['no id', {}, { name: 'x' }, 'id'],
    ['an empty name', {}, { id: 1, name: '' }, 'name'],
    ['a name over 30 bytes', {}, { id: 1, name: 'n'.repeat(31) }, 'name'],
    ['a negative quota', {}, { id: 1, name: 'x', remain_quota: -1 }, 'remain_quota'],
    ['a fractional owner', {}, { id: 1, name: 'x', user_id: 1.5 }, 'user_id'],
    ['an owner as text', {}, { id: 1, name: 'x', user_id: 'ben' }, 'user_id'],
    [
      'a bad heartbeat',
      {},
      { id: 1, name: 'x', setting: { heartbeat: { enabled: true, timeout_seconds: 5 } } },
      'setting.heartbeat.timeout_seconds',
    ],
    ['a group that does not exist', {}, { id: 1, name: 'x', group: 'no-such-group' }, 'group'],
    ['status 3 through status_only', { status_only: '1' }, { id: 1, status: 3 }, 'status'],
    ['no id through status_only', { status_only: '1' }, { status: 1 }, 'id'],
  ])('refuses an admin edit with %s and changes nothing', async (_name, query, body, field) => {
    const before = await tokenRows(t.app);
    const suffix = 'status_only' in query ? '?status_only=1' : '';
    const reply = await call(t.app, 'PUT', `/api/token/admin${suffix}`, { cookie: root, body });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await tokenRows(t.app)).toEqual(before);
  });
});
