// Admin user routes on every configured dialect: list/search/sort, read, edit, delete, quota change,
// with the role rules (nobody acts on an equal or higher role; root is protected).
import { LOG_TYPE, userSchema } from '@gw/core';
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

describe.each(TEST_DIALECTS)('admin user routes on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  const rowOf = (username: string) =>
    t.app.gw.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  const idOf = async (username: string) => (await rowOf(username)).id;
  const allUsers = () => t.app.gw.db.selectFrom('users').selectAll().orderBy('id').execute();
  const manageLogs = () =>
    t.app.gw.db.selectFrom('logs').selectAll().where('type', '=', LOG_TYPE.manage).orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    await createUser(t.app, root, 'boss');
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'boss', action: 'promote' },
    });
    admin = await signIn(t.app, 'boss', 'password-123');
    for (const name of ['alice', 'albert', 'bob']) await createUser(t.app, root, name);
    const vip = await call(t.app, 'POST', '/api/user_group/', {
      cookie: root,
      body: { symbol: 'vip', name: 'VIP', ratio: 1, api_rate: 60, public: false, enable: true },
    });
    expect(vip.body.success).toBe(true);
    await call(t.app, 'GET', '/api/user/token', { cookie: await signIn(t.app, 'alice', 'password-123') });
    await t.app.gw.db
      .updateTable('users')
      .set({ email: 'bob@example.com' })
      .where('username', '=', 'bob')
      .execute();
  });
  afterAll(() => t.close());

  it('lists users newest first with passwords empty, paging echoed', async () => {
    const reply = await call(t.app, 'GET', '/api/user/?page=1&size=2', { cookie: admin });
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toMatchObject({ page: 1, size: 2, total_count: 5 });
    expect(reply.body.data.data.map((u: { username: string }) => u.username)).toEqual(['bob', 'albert']);
    for (const user of reply.body.data.data) {
      expect(user.password).toBe('');
      userSchema.parse(user);
    }
    const second = await call(t.app, 'GET', '/api/user/?page=3&size=2', { cookie: admin });
    expect(second.body.data.data.map((u: { username: string }) => u.username)).toEqual(['root']);
  });

  it('searches by id or by a prefix of username, e-mail, display name or group', async () => {
    const names = async (keyword: string) => {
      const reply = await call(t.app, 'GET', `/api/user/?keyword=${encodeURIComponent(keyword)}`, {
        cookie: admin,
      });
      return reply.body.data.data.map((u: { username: string }) => u.username).sort();
    };
    expect(await names('al')).toEqual(['albert', 'alice']);
    expect(await names('bob@')).toEqual(['bob']);
    expect(await names(String(await idOf('albert')))).toEqual(['albert']);
    expect(await names('lice')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect((await names('default')).length).toBe(5);
  });

  it('sorts by the whitelisted fields and refuses others and sizes above 100', async () => {
    const asc = await call(t.app, 'GET', '/api/user/?order=username', { cookie: admin });
    const names = asc.body.data.data.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
    const byRole = await call(t.app, 'GET', '/api/user/?order=-role,id', { cookie: admin });
    expect(byRole.body.data.data.map((u: { role: number }) => u.role)).toEqual([100, 10, 1, 1, 1]);
    const bad = await call(t.app, 'GET', '/api/user/?order=password', { cookie: admin });
    expect(bad.body).toMatchObject({ success: false, message: "不允许对字段 'password' 进行排序" });
    const big = await call(t.app, 'GET', '/api/user/?size=101', { cookie: admin });
    expect(big.body.success).toBe(false);
  });

  it("shows an admin no other user's access token, but their own (quirk §6.13 fixed)", async () => {
    const alice = await rowOf('alice');
    expect(alice.access_token).toMatch(/^[0-9a-f]{32}$/);
    const list = await call(t.app, 'GET', '/api/user/?keyword=alice', { cookie: root });
    expect(list.body.data.data[0].access_token).toBe('');
    const one = await call(t.app, 'GET', `/api/user/${alice.id}`, { cookie: root });
    expect(one.body.data).toMatchObject({ username: 'alice', access_token: '', password: '' });
    await call(t.app, 'GET', '/api/user/token', { cookie: root });
    const self = await call(t.app, 'GET', '/api/user/1', { cookie: root });
    expect(self.body.data.access_token).toBe((await rowOf('root')).access_token);
  });

  it('reads a user only when the caller outranks them; root reads all', async () => {
    const lower = await call(t.app, 'GET', `/api/user/${await idOf('alice')}`, { cookie: admin });
    expect(lower.body.data.username).toBe('alice');
    const peer = await call(t.app, 'GET', `/api/user/${await idOf('boss')}`, { cookie: admin });
    expect(peer.body).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: '无权获取同级或更高等级用户的信息',
    });
    const rootRow = await call(t.app, 'GET', '/api/user/1', { cookie: admin });
    expect(rootRow.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const byRoot = await call(t.app, 'GET', `/api/user/${await idOf('boss')}`, { cookie: root });
    expect(byRoot.body.data.role).toBe(10);
    const missing = await call(t.app, 'GET', '/api/user/999999', { cookie: root });
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('edits non-empty fields only; quota and counters are never written and no quota log appears (§6.6)', async () => {
    const id = await idOf('albert');
    const before = await rowOf('albert');
    const reply = await call(t.app, 'PUT', '/api/user/', {
      cookie: admin,
      body: {
        ...userSchema.parse({ ...before, password: '' }),
        display_name: 'Al B',
        email: 'al@example.com',
        group: 'vip',
        password: '',
        username: '',
        quota: 999_999,
        used_quota: 5,
        request_count: 7,
        aff_count: 3,
      },
    });
    expect(reply.body).toEqual({ success: true, message: '' });
    const after = await rowOf('albert');
    expect(after).toMatchObject({
      id,
      username: 'albert',
      display_name: 'Al B',
      email: 'al@example.com',
      group: 'vip',
      quota: before.quota,
      used_quota: 0,
      request_count: 0,
      aff_count: 0,
      password: before.password,
    });
    expect(await manageLogs()).toEqual([]);
    const renamed = await call(t.app, 'PUT', '/api/user/', {
      cookie: admin,
      body: { id, username: 'albie', password: 'new-password-9', role: 3 },
    });
    expect(renamed.body.success).toBe(true);
    expect(await rowOf('albie')).toMatchObject({ role: 3 });
    await signIn(t.app, 'albie', 'new-password-9');
  });

  it('applies the role rules to edits: no equal or higher target, no role at or above the caller, root kept', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['peer target', { id: await idOf('boss'), display_name: 'x' }, 'FORBIDDEN'],
      ['root target', { id: 1, display_name: 'x' }, 'FORBIDDEN'],
      ['raise to admin', { id: await idOf('bob'), role: 10 }, 'FORBIDDEN'],
      ['duplicate username', { id: await idOf('bob'), username: 'alice' }, 'CONFLICT'],
      ['duplicate e-mail', { id: await idOf('alice'), email: 'bob@example.com' }, 'CONFLICT'],
      ['missing user', { id: 999999, display_name: 'x' }, 'NOT_FOUND'],
    ];
    const before = await allUsers();
    for (const [name, body, code] of cases) {
      const reply = await call(t.app, 'PUT', '/api/user/', { cookie: admin, body });
      expect(reply.body, name).toMatchObject({ success: false, code });
    }
    for (const body of [
      { id: 1, role: 10 },
      { id: 1, status: 2 },
    ]) {
      const reply = await call(t.app, 'PUT', '/api/user/', { cookie: root, body });
      expect(reply.body).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: '无法禁用、删除或更改超级管理员的角色',
      });
    }
    const rootToRoot = await call(t.app, 'PUT', '/api/user/', {
      cookie: root,
      body: { id: await idOf('bob'), role: 100 },
    });
    expect(rootToRoot.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await allUsers()).toEqual(before);
  });

  it.each([
    ['no id', { display_name: 'x' }, 'id'],
    ['id as text', { id: 'two' }, 'id'],
    ['id zero', { id: 0 }, 'id'],
    ['username too long', { id: 2, username: 'thirteen-char' }, 'username'],
    ['username not text', { id: 2, username: 42 }, 'username'],
    ['password too short', { id: 2, password: 'short' }, 'password'],
    ['password too long', { id: 2, password: 'x'.repeat(21) }, 'password'],
    ['display name too long', { id: 2, display_name: 'd'.repeat(21) }, 'display_name'],
    ['bad e-mail', { id: 2, email: 'not-an-address' }, 'email'],
    ['e-mail too long', { id: 2, email: `${'e'.repeat(45)}@x.com` }, 'email'],
    ['unknown role', { id: 2, role: 5 }, 'role'],
    ['fractional role', { id: 2, role: 1.5 }, 'role'],
    ['unknown status', { id: 2, status: 3 }, 'status'],
    ['group too long', { id: 2, group: 'g'.repeat(65) }, 'group'],
    ['a group that does not exist', { id: 2, group: 'no-such-group' }, 'group'],
  ])('refuses an edit with %s and changes nothing', async (_name, body, field) => {
    const before = await allUsers();
    const reply = await call(t.app, 'PUT', '/api/user/', { cookie: root, body });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(reply.body.message).not.toBe('');
    expect(await allUsers()).toEqual(before);
  });

  it('refuses an edit body that is not JSON and changes nothing', async () => {
    const before = await allUsers();
    const reply = await call(t.app, 'PUT', '/api/user/', {
      cookie: root,
      body: '{"id": 2,',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: '无效的 JSON' });
    expect(await allUsers()).toEqual(before);
  });

  it('changes quota by a signed delta and writes a manage log with the delta and the remark', async () => {
    const id = await idOf('bob');
    const add = await call(t.app, 'POST', `/api/user/quota/${id}`, {
      cookie: admin,
      body: { quota: 5000, remark: 'welcome gift' },
    });
    expect(add.body).toEqual({ success: true, message: '' });
    const take = await call(t.app, 'POST', `/api/user/quota/${id}`, {
      cookie: admin,
      body: { quota: -1500 },
    });
    expect(take.body.success).toBe(true);
    expect((await rowOf('bob')).quota).toBe(3500);
    const logs = (await manageLogs()).filter((log) => log.user_id === id);
    expect(logs.map((log) => log.quota)).toEqual([5000, -1500]);
    expect(logs[0]).toMatchObject({ username: 'bob', type: 3 });
    expect(logs[0]?.content).toContain('welcome gift');
    expect(logs[0]?.content).toContain('+5000');
    expect(JSON.parse(logs[0]?.metadata ?? '{}')).toMatchObject({
      remark: 'welcome gift',
      admin: 'boss',
      // The key and figures of the text, so each console words it in its reader's language.
      content_i18n: {
        key: 'users.log.quota_change',
        params: { delta: '+5000', remark: 'welcome gift', after: expect.any(Number) },
      },
    });
  });

  it('refuses a deduction beyond the balance (quirk §6.11 fixed): no change, no log', async () => {
    const id = await idOf('bob');
    const before = await rowOf('bob');
    const logs = await manageLogs();
    const reply = await call(t.app, 'POST', `/api/user/quota/${id}`, {
      cookie: admin,
      body: { quota: -(before.quota + 1) },
      headers: { 'accept-language': 'en-US' },
    });
    expect(reply.body).toMatchObject({
      success: false,
      message: "Cannot deduct an amount exceeding the user's balance.",
    });
    expect(await rowOf('bob')).toEqual(before);
    expect(await manageLogs()).toEqual(logs);
    const all = await call(t.app, 'POST', `/api/user/quota/${id}`, {
      cookie: admin,
      body: { quota: -before.quota },
    });
    expect(all.body.success).toBe(true);
    expect((await rowOf('bob')).quota).toBe(0);
  });

  it.each([
    ['zero', { quota: 0 }, 'quota'],
    ['missing quota', { remark: 'x' }, 'quota'],
    ['fraction', { quota: 1.5 }, 'quota'],
    ['text', { quota: '100' }, 'quota'],
    ['beyond safe integers', { quota: 2 ** 60 }, 'quota'],
    ['remark too long', { quota: 1, remark: 'r'.repeat(256) }, 'remark'],
    ['remark not text', { quota: 1, remark: 5 }, 'remark'],
  ])('refuses a quota change with %s and changes nothing', async (_name, body, field) => {
    const before = await allUsers();
    const logs = await manageLogs();
    const reply = await call(t.app, 'POST', `/api/user/quota/${await idOf('alice')}`, { cookie: root, body });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await allUsers()).toEqual(before);
    expect(await manageLogs()).toEqual(logs);
  });

  it('applies the role rules to quota changes, and refuses a total beyond safe integers', async () => {
    const peer = await call(t.app, 'POST', `/api/user/quota/${await idOf('boss')}`, {
      cookie: admin,
      body: { quota: 1 },
    });
    expect(peer.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const self = await call(t.app, 'POST', '/api/user/quota/1', { cookie: root, body: { quota: 1 } });
    expect(self.body.success).toBe(true);
    const huge = await call(t.app, 'POST', '/api/user/quota/1', {
      cookie: root,
      body: { quota: Number.MAX_SAFE_INTEGER },
    });
    expect(huge.body).toMatchObject({ success: false, code: 'FAILED' });
    const missing = await call(t.app, 'POST', '/api/user/quota/999999', { cookie: root, body: { quota: 1 } });
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('deletes a lower user with their tokens (quirk §6.1 fixed: a real envelope), never root or a peer', async () => {
    await createUser(t.app, root, 'doomed');
    const id = await idOf('doomed');
    const doomed = await signIn(t.app, 'doomed', 'password-123');
    await call(t.app, 'POST', '/api/token/', { cookie: doomed, body: { name: 'k' } });
    const reply = await call(t.app, 'DELETE', `/api/user/${id}`, { cookie: admin });
    expect(reply.body).toEqual({ success: true, message: '' });
    expect(await t.app.gw.db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.app.gw.db.selectFrom('tokens').select('id').where('user_id', '=', id).execute()).toEqual(
      [],
    );
    const again = await call(t.app, 'DELETE', `/api/user/${id}`, { cookie: admin });
    expect(again.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const before = await allUsers();
    expect((await call(t.app, 'DELETE', '/api/user/1', { cookie: root })).body).toMatchObject({
      code: 'FORBIDDEN',
    });
    const peer = await call(t.app, 'DELETE', `/api/user/${await idOf('boss')}`, { cookie: admin });
    expect(peer.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(t.app, 'DELETE', '/api/user/abc', { cookie: root })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await allUsers()).toEqual(before);
  });

  it('marks a user reliable through manage (set_reliable → role 3)', async () => {
    const reply = await call(t.app, 'POST', '/api/user/manage', {
      cookie: admin,
      body: { username: 'alice', action: 'set_reliable' },
    });
    expect(reply.body.data).toMatchObject({ role: 3, status: 1 });
    expect((await rowOf('alice')).role).toBe(3);
  });
});
