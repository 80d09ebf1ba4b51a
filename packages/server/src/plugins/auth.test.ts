// Guards of contract §0.3 across every guarded route: anonymous, bad token, disabled, user, admin, root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../test-support/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const USER_ROUTES: Array<[Method, string]> = [
  ['GET', '/api/user/self'],
  ['PUT', '/api/user/self'],
  ['GET', '/api/user/token'],
  ['GET', '/api/token/'],
  ['GET', '/api/token/1'],
  ['GET', '/api/token/playground'],
  ['POST', '/api/token/'],
  ['PUT', '/api/token/'],
  ['DELETE', '/api/token/1'],
];
const ADMIN_ROUTES: Array<[Method, string]> = [
  ['POST', '/api/user/'],
  ['POST', '/api/user/manage'],
];

describe.each(TEST_DIALECTS)('guards on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let user: string;
  let bannedToken: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    user = await createUser(t.app, root, 'plain');
    await createUser(t.app, root, 'boss');
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'boss', action: 'promote' },
    });
    // A promotion ends the user's sessions (issue 15): the new admin signs in again.
    admin = await signIn(t.app, 'boss', 'password-123');
    const banned = await createUser(t.app, root, 'banned');
    // Disabling ends the banned user's sessions; the access token still names them.
    bannedToken = (await call(t.app, 'GET', '/api/user/token', { cookie: banned })).body.data;
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'banned', action: 'disable' },
    });
  });
  afterAll(() => t.close());

  it.each([...USER_ROUTES, ...ADMIN_ROUTES])(
    '%s %s: anonymous → HTTP 401 UNAUTHENTICATED',
    async (method, url) => {
      const reply = await call(t.app, method, url, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({
        success: false,
        code: 'UNAUTHENTICATED',
        message: '无权进行此操作，未登录且未提供 access token',
      });
    },
  );

  it.each([...USER_ROUTES, ...ADMIN_ROUTES])(
    '%s %s: unknown token → 200 INVALID_ACCESS_TOKEN',
    async (method, url) => {
      const reply = await call(t.app, method, url, { token: 'Bearer 0123456789abcdef0123456789abcdef' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: false, code: 'INVALID_ACCESS_TOKEN' });
    },
  );

  it.each([...USER_ROUTES, ...ADMIN_ROUTES])('%s %s: disabled user → 用户已被封禁', async (method, url) => {
    const reply = await call(t.app, method, url, { token: `Bearer ${bannedToken}` });
    expect(reply.body).toMatchObject({ success: false, code: 'USER_DISABLED', message: '用户已被封禁' });
  });

  it.each(USER_ROUTES)('%s %s: a common user passes the guard', async (method, url) => {
    const reply = await call(t.app, method, url, { cookie: user, body: method === 'GET' ? undefined : {} });
    expect(reply.body.code ?? 'OK').not.toMatch(
      /UNAUTHENTICATED|INVALID_ACCESS_TOKEN|USER_DISABLED|FORBIDDEN/,
    );
  });

  it.each(ADMIN_ROUTES)('%s %s: a common user is refused, admin and root pass', async (method, url) => {
    const refused = await call(t.app, method, url, { cookie: user, body: {} });
    expect(refused.body).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: '无权进行此操作，权限不足',
    });
    for (const cookie of [admin, root]) {
      const reply = await call(t.app, method, url, { cookie, body: {} });
      expect(reply.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('ends a live session at a ban (quirk §6.7 fixed) and at a demotion', async () => {
    const victim = await createUser(t.app, root, 'victim');
    expect((await call(t.app, 'GET', '/api/user/self', { cookie: victim })).body.success).toBe(true);
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'victim', action: 'disable' },
    });
    expect((await call(t.app, 'GET', '/api/user/self', { cookie: victim })).body.code).toBe(
      'UNAUTHENTICATED',
    );

    await createUser(t.app, root, 'tempadm');
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'tempadm', action: 'promote' },
    });
    const temp = await signIn(t.app, 'tempadm', 'password-123');
    const asAdmin = await call(t.app, 'POST', '/api/user/manage', { cookie: temp, body: {} });
    expect(asAdmin.body.code).toBe('VALIDATION_FAILED');
    await call(t.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'tempadm', action: 'demote' },
    });
    const demoted = await call(t.app, 'POST', '/api/user/manage', { cookie: temp, body: {} });
    expect(demoted.body.code).toBe('UNAUTHENTICATED');
  });

  it('treats a forged or tampered cookie as no session', async () => {
    const [name, value = ''] = root.split('=');
    const tampered = `${name}=${value.slice(0, -2)}xx`;
    const reply = await call(t.app, 'GET', '/api/user/self', { cookie: tampered });
    expect(reply.status).toBe(401);
  });

  it('answers guard failures in the language of Accept-Language', async () => {
    const reply = await call(t.app, 'GET', '/api/user/self', { headers: { 'accept-language': 'en' } });
    expect(reply.body.message).toBe('Not signed in and no access token provided');
  });
});
