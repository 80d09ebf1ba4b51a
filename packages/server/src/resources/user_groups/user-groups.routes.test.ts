// User groups on every configured dialect: CRUD, the `default` group's protections, refused bodies that
// store nothing, the public lists and the token group rule built on them.
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

describe.each(TEST_DIALECTS)('user groups on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;
  const rows = () => t.app.gw.db.selectFrom('user_groups').selectAll().orderBy('id').execute();
  const create = async (body: Record<string, unknown>) => {
    const reply = await call(t.app, 'POST', '/api/user_group/', { cookie: root, body });
    expect(reply.body).toMatchObject({ success: true });
    return reply.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
  });
  afterAll(() => t.close());

  it('seeds the default group: ratio 1, api_rate 600, public and enabled', async () => {
    const list = await call(t.app, 'GET', '/api/user_group/', { cookie: root });
    expect(list.body.data).toMatchObject({ page: 1, size: 10, total_count: 1 });
    expect(list.body.data.data[0]).toEqual({
      id: 1,
      symbol: 'default',
      name: '默认分组',
      ratio: 1,
      api_rate: 600,
      public: true,
      promotion: false,
      min: 0,
      max: 0,
      enable: true,
    });
  });

  it('creates, reads, edits (not symbol nor enable) and deletes a group', async () => {
    const vip = await create({ symbol: 'vip', name: 'VIP', ratio: 0.85, api_rate: 300, min: 10, max: 100 });
    expect(vip).toMatchObject({ symbol: 'vip', ratio: 0.85, api_rate: 300, public: false, enable: true });
    const read = await call(t.app, 'GET', `/api/user_group/${vip.id}`, { cookie: root });
    expect(read.body.data).toEqual(vip);
    const edited = await call(t.app, 'PUT', '/api/user_group', {
      cookie: root,
      body: { id: vip.id, symbol: 'changed', enable: false, name: 'V.I.P.', ratio: 0.5, public: true },
    });
    expect(edited.body.data).toMatchObject({
      symbol: 'vip',
      name: 'V.I.P.',
      ratio: 0.5,
      public: true,
      enable: true,
    });
    const removed = await call(t.app, 'DELETE', `/api/user_group/${vip.id}`, { cookie: root });
    expect(removed.body).toEqual({ success: true, message: '' });
    expect((await rows()).map((row) => row.symbol)).toEqual(['default']);
  });

  it('toggles enable, but never disables nor deletes default', async () => {
    const pro = await create({ symbol: 'pro', name: 'Pro', ratio: 2 });
    const off = await call(t.app, 'PUT', `/api/user_group/enable/${pro.id}`, { cookie: root });
    expect(off.body.data.enable).toBe(false);
    const on = await call(t.app, 'PUT', `/api/user_group/enable/${pro.id}/`, { cookie: root });
    expect(on.body.data.enable).toBe(true);
    const before = await rows();
    const disable = await call(t.app, 'PUT', '/api/user_group/enable/1', { cookie: root });
    expect(disable.body).toMatchObject({ success: false, message: '默认分组不能禁用' });
    const remove = await call(t.app, 'DELETE', '/api/user_group/1', { cookie: root });
    expect(remove.body).toMatchObject({ success: false, message: '默认分组不能删除' });
    expect(await rows()).toEqual(before);
  });

  it('filters by name prefix (Name) and enable, sorts by a whitelisted field and refuses others', async () => {
    await create({ symbol: 'team_a', name: 'Team A', ratio: 1, enable: false });
    await create({ symbol: 'team-b', name: 'Team B', ratio: 3 });
    const teams = await call(t.app, 'GET', '/api/user_group/?Name=Team&order=-ratio', { cookie: root });
    expect(teams.body.data.data.map((g: { symbol: string }) => g.symbol)).toEqual(['team-b', 'team_a']);
    const disabled = await call(t.app, 'GET', '/api/user_group/?enable=false', { cookie: root });
    expect(disabled.body.data.data.map((g: { symbol: string }) => g.symbol)).toEqual(['team_a']);
    const bad = await call(t.app, 'GET', '/api/user_group/?order=password', { cookie: root });
    expect(bad.body.success).toBe(false);
    const symbols = await call(t.app, 'GET', '/api/group/', { cookie: root });
    expect(symbols.body.data).toEqual(expect.arrayContaining(['default', 'pro', 'team-b']));
    expect(symbols.body.data).not.toContain('team_a');
  });

  it.each([
    ['a missing name', { symbol: 'x1', ratio: 1 }, 'name'],
    ['a symbol that is not English', { symbol: '贵宾', name: 'x', ratio: 1 }, 'symbol'],
    ['a symbol taken already', { symbol: 'default', name: 'x', ratio: 1 }, 'symbol'],
    ['a negative ratio', { symbol: 'x2', name: 'x', ratio: -1 }, 'ratio'],
    ['a ratio as text', { symbol: 'x3', name: 'x', ratio: 'one' }, 'ratio'],
    ['a negative api rate', { symbol: 'x4', name: 'x', ratio: 1, api_rate: -5 }, 'api_rate'],
    ['max below min', { symbol: 'x5', name: 'x', ratio: 1, min: 50, max: 10 }, 'max'],
    ['an oversized name', { symbol: 'x6', name: 'n'.repeat(65), ratio: 1 }, 'name'],
    ['a symbol over 64 characters', { symbol: 's'.repeat(65), name: 'x', ratio: 1 }, 'symbol'],
  ])('refuses %s with a clear message and stores nothing', async (_label, body, field) => {
    const before = await rows();
    const reply = await call(t.app, 'POST', '/api/user_group/', { cookie: root, body });
    expect(reply.body.success).toBe(false);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(reply.body.message).not.toMatch(/user_groups\.|validation\./);
    expect(await rows()).toEqual(before);
  });

  it('refuses a bad edit and an unknown id, changing nothing', async () => {
    const before = await rows();
    const bad = await call(t.app, 'PUT', '/api/user_group/', {
      cookie: root,
      body: { id: 1, name: '', ratio: -2 },
    });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'ratio']);
    const missing = await call(t.app, 'PUT', '/api/user_group/', {
      cookie: root,
      body: { id: 999, name: 'x', ratio: 1 },
    });
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: '分组不存在' });
    expect(await rows()).toEqual(before);
  });

  it('shows public groups plus the session user’s own on user_group_map', async () => {
    await create({ symbol: 'hidden', name: 'Hidden', ratio: 1 });
    const anonymous = await call(t.app, 'GET', '/api/user_group_map');
    expect(Object.keys(anonymous.body.data).sort()).toEqual(['default']);
    await t.app.gw.db.updateTable('users').set({ group: 'hidden' }).where('username', '=', 'alice').execute();
    const mine = await call(t.app, 'GET', '/api/user_group_map', { cookie: alice });
    expect(Object.keys(mine.body.data).sort()).toEqual(['default', 'hidden']);
    expect(mine.body.data.hidden).toMatchObject({ symbol: 'hidden', ratio: 1 });
    await t.app.gw.db
      .updateTable('users')
      .set({ group: 'default' })
      .where('username', '=', 'alice')
      .execute();
  });

  it('lets a token name an enabled public group or the owner’s own, and nothing else', async () => {
    await create({ symbol: 'open', name: 'Open', ratio: 1, public: true });
    await create({ symbol: 'closed', name: 'Closed', ratio: 1, public: true, enable: false });
    const token = (group: string) =>
      call(t.app, 'POST', '/api/token/', { cookie: alice, body: { name: `t-${group}`, group } });
    expect((await token('open')).body.success).toBe(true);
    expect((await token('default')).body.success).toBe(true);
    for (const group of ['hidden', 'closed', 'nope']) {
      const refused = await token(group);
      expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(refused.body.errors[0].field).toBe('group');
    }
  });
});
