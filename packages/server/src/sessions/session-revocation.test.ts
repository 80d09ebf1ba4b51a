// Session revocation across two server processes on one database (issue 15), without and with Redis: a
// session started on one is the user on the other; signing out, a password change, disabling the user and
// "sign out everywhere" made on one process end the sessions on the other at once.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../redis/test-support/redis-test-support.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../test-support/test-app.js';

const modes: Array<[string, Record<string, string>]> = [
  ['the database', {}],
  ...(TEST_REDIS_URL ? [['Redis', { REDIS_URL: TEST_REDIS_URL }] as [string, Record<string, string>]] : []),
];

describe.each(modes)('sessions shared through %s by two processes', (_name, shared) => {
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  afterEach(async () => {
    await b?.close();
    await a?.close();
    a = undefined;
    b = undefined;
  });

  async function startPair() {
    const env = { ...shared, REDIS_KEY_PREFIX: `gw-test-${randomUUID()}:` };
    a = await startTestApp('sqlite', { ...env, GW_NODE_ID: 'a' });
    b = await startTestApp('sqlite', { ...env, DATABASE_URL: a.url, GW_NODE_ID: 'b' });
    return { a, b };
  }
  const self = (t: TestApp, cookie: string) => call(t.app, 'GET', '/api/user/self', { cookie });

  it('ends on the other process what one process ends', async () => {
    const { a, b } = await startPair();
    const root = await signIn(a.app, 'root', ROOT_PASSWORD);
    const kept = await createUser(a.app, root, 'erin');
    const other = await signIn(b.app, 'erin', 'password-123');
    expect((await self(b, kept)).body.data.username).toBe('erin');
    expect((await self(a, other)).body.data.username).toBe('erin');

    // Signing out on B ends that session on A.
    const leaving = await signIn(a.app, 'erin', 'password-123');
    await call(b.app, 'GET', '/api/user/logout', { cookie: leaving });
    expect((await self(a, leaving)).status).toBe(401);

    // A password change on A ends every other session of the user on B; the caller's own stays.
    const changed = await call(a.app, 'PUT', '/api/user/self', {
      cookie: kept,
      body: { password: 'new-password-1' },
    });
    expect(changed.body).toEqual({ success: true, message: '' });
    expect((await self(b, other)).status).toBe(401);
    expect((await self(b, kept)).body.data.username).toBe('erin');

    // "Sign out everywhere" on B ends the rest, the caller's included elsewhere.
    const third = await signIn(a.app, 'erin', 'new-password-1');
    await call(b.app, 'POST', '/api/user/logout_all', { cookie: kept });
    expect((await self(a, third)).status).toBe(401);

    // Disabling the user on A ends their sessions on B.
    const fresh = await signIn(b.app, 'erin', 'new-password-1');
    const disabled = await call(a.app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'erin', action: 'disable' },
    });
    expect(disabled.body.success).toBe(true);
    expect((await self(b, fresh)).status).toBe(401);
  });
});
