// Sign-in, self-service and the admin user seams on every configured dialect.
import { userSchema } from '@gw/core';
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

describe.each(TEST_DIALECTS)('users on %s', (kind) => {
  let t: TestApp;
  let root: string;

  const userRow = (username: string) =>
    t.app.gw.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t.close());

  it('Given an empty database, Then root exists with role 100 and quota 100 000 000, password hashed', async () => {
    const row = await userRow('root');
    expect(row).toMatchObject({ role: 100, status: 1, quota: 100_000_000, display_name: 'root' });
    expect(row?.password).toMatch(/^scrypt\$/);
    expect(row?.password).not.toContain(ROOT_PASSWORD);
  });

  it('signs in: sets the session cookie with the contract’s attributes and answers the trimmed user', async () => {
    const reply = await call(t.app, 'POST', '/api/user/login', {
      body: { username: ' root ', password: ROOT_PASSWORD },
    });
    expect(reply.body.success).toBe(true);
    const user = userSchema.parse(reply.body.data);
    expect(user).toMatchObject({ id: 1, username: 'root', role: 100, status: 1, quota: 0, access_token: '' });
    expect(reply.body.data.password).toBe('');
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(/^session=[^;]+;/);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    expect((await userRow('root'))?.last_login_time).toBeGreaterThan(0);
  });

  it('refuses a wrong password and a disabled user with one message', async () => {
    const wrong = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'root', password: 'nope-nope' },
    });
    expect(wrong.body).toMatchObject({ success: false, code: 'BAD_CREDENTIALS' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    await createUser(t.app, root, 'banned1', 'password-123');
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'banned1', action: 'disable' },
    });
    const banned = await call(t.app, 'POST', '/api/user/login', {
      body: { username: 'banned1', password: 'password-123' },
    });
    expect(banned.body).toMatchObject({ success: false, message: wrong.body.message });
    const empty = await call(t.app, 'POST', '/api/user/login', { body: { username: '', password: '' } });
    expect(empty.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('reads the full profile with password empty', async () => {
    const reply = await call(t.app, 'GET', '/api/user/self', { cookie: root });
    const user = userSchema.parse(reply.body.data);
    expect(user).toMatchObject({ username: 'root', quota: 100_000_000, group: 'default' });
    expect(reply.body.data.password).toBe('');
  });

  it('updates display name and password; a short password is refused and changes nothing', async () => {
    const cookie = await createUser(t.app, root, 'carol', 'password-123');
    const before = await userRow('carol');
    const bad = await call(t.app, 'PUT', '/api/user/self', {
      cookie,
      body: { display_name: 'C', password: 'short' },
    });
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(bad.body.message).toBe('密码长度必须在 8 到 20 之间');
    expect(await userRow('carol')).toEqual(before);
    const ok = await call(t.app, 'PUT', '/api/user/self', {
      cookie,
      body: { display_name: 'Carol C', password: 'new-password-1', role: 100, quota: 5 },
    });
    expect(ok.body).toEqual({ success: true, message: '' });
    const after = await userRow('carol');
    expect(after).toMatchObject({ display_name: 'Carol C', role: 1, quota: 0 });
    await expect(signIn(t.app, 'carol', 'password-123')).rejects.toThrow();
    await signIn(t.app, 'carol', 'new-password-1');
  });

  it('rotates the access token: 32 hex, usable bare or as Bearer, the old one stops working', async () => {
    const cookie = await createUser(t.app, root, 'dave');
    const first = (await call(t.app, 'GET', '/api/user/token', { cookie })).body.data as string;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect((await call(t.app, 'GET', '/api/user/self', { token: first })).body.data.username).toBe('dave');
    expect(
      (await call(t.app, 'GET', '/api/user/self', { token: `Bearer ${first}` })).body.data.access_token,
    ).toBe(first);
    const second = (await call(t.app, 'GET', '/api/user/token', { token: first })).body.data as string;
    expect(second).not.toBe(first);
    const stale = await call(t.app, 'GET', '/api/user/self', { token: first });
    expect(stale).toMatchObject({ status: 200, body: { success: false, code: 'INVALID_ACCESS_TOKEN' } });
  });

  it('signs out by ending the session on the server and clearing the cookie', async () => {
    const cookie = await signIn(t.app, 'root', ROOT_PASSWORD);
    const reply = await call(t.app, 'GET', '/api/user/logout', { cookie });
    expect(reply.body).toEqual({ success: true, message: '' });
    expect(String(reply.headers['set-cookie'])).toMatch(/^session=;/);
    // A copy of the cookie kept by the client (or an attacker) no longer works (issue 15).
    expect((await call(t.app, 'GET', '/api/user/self', { cookie })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/self', { cookie: root })).body.success).toBe(true);
  });

  it('lets an admin create a common user in group default, refusing duplicates and bad input', async () => {
    const created = await call(t.app, 'POST', '/api/user', {
      cookie: root,
      body: { username: 'erin', password: 'password-123', display_name: 'Erin', group: 'vip', role: 10 },
    });
    expect(created.body).toEqual({ success: true, message: '' });
    expect(await userRow('erin')).toMatchObject({
      role: 1,
      status: 1,
      group: 'default',
      display_name: 'Erin',
    });
    const count = async () => (await t.app.gw.db.selectFrom('users').select('id').execute()).length;
    const before = await count();
    const duplicate = await call(t.app, 'POST', '/api/user/', {
      cookie: root,
      body: { username: 'erin', password: 'password-123' },
    });
    expect(duplicate.body).toMatchObject({ success: false, code: 'CONFLICT' });
    const long = await call(t.app, 'POST', '/api/user/', {
      cookie: root,
      body: { username: 'thirteen-char', password: 'short' },
    });
    expect(long.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['password', 'username']);
    expect(await count()).toBe(before);
  });

  it('refuses an admin creating a user with a role at or above their own', async () => {
    await createUser(t.app, root, 'adm1');
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'adm1', action: 'promote' },
    });
    const admin = await signIn(t.app, 'adm1', 'password-123');
    const reply = await call(t.app, 'POST', '/api/user/', {
      cookie: admin,
      body: { username: 'frank', password: 'password-123', role: 10 },
    });
    expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await userRow('frank')).toBeUndefined();
  });

  it('manages users: disable/enable/promote/demote/delete with the role rules', async () => {
    await createUser(t.app, root, 'gina');
    const manage = (cookie: string, username: string, action: string) =>
      call(t.app, 'POST', '/api/user/manage', { cookie, body: { username, action } });

    expect((await manage(root, 'gina', 'disable')).body.data).toMatchObject({ status: 2, role: 1 });
    expect((await userRow('gina'))?.status).toBe(2);
    expect((await manage(root, 'gina', 'enable')).body.data).toMatchObject({ status: 1 });
    expect((await manage(root, 'gina', 'promote')).body.data).toMatchObject({ role: 10 });

    const admin = await signIn(t.app, 'adm1', 'password-123');
    const peer = await manage(admin, 'gina', 'disable');
    expect(peer.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await manage(root, 'gina', 'demote')).body.data).toMatchObject({ role: 1 });
    const promoteByAdmin = await manage(admin, 'gina', 'promote');
    expect(promoteByAdmin.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await userRow('gina'))?.role).toBe(1);

    for (const action of ['disable', 'delete', 'demote']) {
      const reply = await manage(root, 'root', action);
      expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect(await userRow('root')).toMatchObject({ role: 100, status: 1 });

    const unknown = await manage(root, 'gina', 'explode');
    expect(unknown.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const missing = await manage(root, 'nobody', 'disable');
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });

    const gina = await signIn(t.app, 'gina', 'password-123');
    await call(t.app, 'POST', '/api/token/', { cookie: gina, body: { name: 'gone' } });
    expect((await manage(root, 'gina', 'delete')).body.success).toBe(true);
    expect(await userRow('gina')).toBeUndefined();
    expect(await t.app.gw.db.selectFrom('tokens').select('id').where('name', '=', 'gone').execute()).toEqual(
      [],
    );
    expect((await call(t.app, 'GET', '/api/user/self', { cookie: gina })).status).toBe(401);
  });
});
