// Issue 15: sessions are ended on the server, and two `gw serve` processes sharing one database (and,
// when the run has one, one Redis) agree at once: a sign-out, a password change, a ban, a demotion, a new
// access token and "sign out everywhere" made through one process hold in the other.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GwServer, signIn, startGwServer } from '../../../../../test-support/gw-server.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;
const variants: Array<[string, Record<string, string>]> = [
  ['the database', {}],
  ...(REDIS_URL
    ? [
        // Keys of a run prefix of their own, which expire with the sessions' five-minute lifetime.
        [
          'Redis',
          {
            REDIS_URL,
            REDIS_KEY_PREFIX: `gwtest:${randomBytes(6).toString('hex')}:`,
            SESSION_MAX_AGE: '300',
          },
        ] as [string, Record<string, string>],
      ]
    : []),
];

interface Envelope {
  success: boolean;
  code?: string;
  data?: unknown;
}

describe.each(variants)('sessions across two processes (sessions in %s)', (_label, extraEnv) => {
  let dir: string;
  let a: GwServer;
  let b: GwServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-two-'));
    const shared = { DATABASE_URL: `sqlite:${join(dir, 'gw.db')}`, ...extraEnv };
    a = await startGwServer({ env: { ...shared, GW_NODE_ID: 'a' } });
    b = await startGwServer({ env: { ...shared, GW_NODE_ID: 'b' } });
  }, 60_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function api(
    server: GwServer,
    method: string,
    path: string,
    auth: { cookie?: string; token?: string } = {},
    body?: unknown,
  ): Promise<{ status: number; body: Envelope }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth.cookie) headers.cookie = auth.cookie;
    if (auth.token) headers.authorization = `Bearer ${auth.token}`;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  }
  const self = (server: GwServer, cookie: string) => api(server, 'GET', '/api/user/self', { cookie });
  const works = async (server: GwServer, cookie: string) => (await self(server, cookie)).body.success;
  const root = (server: GwServer) => signIn(server.url, 'root', a.rootPassword);

  it('a sign-out through one process ends the session in the other', async () => {
    const cookie = await root(a);
    expect(await works(b, cookie)).toBe(true);
    await api(b, 'GET', '/api/user/logout', { cookie });
    const after = await self(a, cookie);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
  });

  it('a password change ends every other session, not the one it was made from', async () => {
    await api(
      a,
      'POST',
      '/api/user/',
      { cookie: await root(a) },
      { username: 'pat', password: 'password-123' },
    );
    const changer = await signIn(a.url, 'pat', 'password-123');
    const other = await signIn(b.url, 'pat', 'password-123');
    const changed = await api(a, 'PUT', '/api/user/self', { cookie: changer }, { password: 'password-456' });
    expect(changed.body.success).toBe(true);
    expect(await works(b, changer)).toBe(true);
    expect(await works(a, other)).toBe(false);
  });

  it('a ban and a demotion made through one process end the sessions the other serves', async () => {
    const admin = await root(a);
    await api(a, 'POST', '/api/user/', { cookie: admin }, { username: 'sam', password: 'password-123' });
    const banned = await signIn(b.url, 'sam', 'password-123');
    await api(a, 'POST', '/api/user/manage', { cookie: admin }, { username: 'sam', action: 'disable' });
    expect((await self(b, banned)).status).toBe(401);

    await api(a, 'POST', '/api/user/manage', { cookie: admin }, { username: 'sam', action: 'enable' });
    await api(a, 'POST', '/api/user/manage', { cookie: admin }, { username: 'sam', action: 'promote' });
    const promoted = await signIn(b.url, 'sam', 'password-123');
    expect((await api(b, 'GET', '/api/user/', { cookie: promoted })).body.success).toBe(true);
    await api(a, 'POST', '/api/user/manage', { cookie: admin }, { username: 'sam', action: 'demote' });
    expect((await self(b, promoted)).status).toBe(401);
  });

  it('a new access token stops the old one at once and ends the other sessions', async () => {
    const keeper = await root(a);
    const other = await root(b);
    const first = (await api(a, 'GET', '/api/user/token', { cookie: keeper })).body.data as string;
    expect((await api(b, 'GET', '/api/user/self', { token: first })).body.success).toBe(true);
    const second = (await api(b, 'GET', '/api/user/token', { cookie: keeper })).body.data as string;
    expect(second).not.toBe(first);
    expect((await api(a, 'GET', '/api/user/self', { token: first })).body.code).toBe('INVALID_ACCESS_TOKEN');
    expect((await api(a, 'GET', '/api/user/self', { token: second })).body.success).toBe(true);
    expect(await works(a, other)).toBe(false);
    expect(await works(a, keeper)).toBe(true);
  });

  it('"sign out everywhere" ends every session of the user, in both processes', async () => {
    const sessions = [await root(a), await root(b), await root(a)];
    const out = await api(b, 'POST', '/api/user/logout_all', { cookie: sessions[0] });
    expect(out.body.success).toBe(true);
    for (const cookie of sessions) {
      expect(await works(a, cookie)).toBe(false);
      expect(await works(b, cookie)).toBe(false);
    }
  });
});
