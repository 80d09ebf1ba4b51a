// Password hashing (issue 15): scrypt at N = 2^17 by default, the parameters stored with the hash, old
// hashes rehashed at the next sign-in. Sign-in cost is checked by counting scrypt derivations and their N
// (no clocks): every refusal does the same work as a wrong password, and a sign-in costs one derivation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  configurePasswordCost,
  DEFAULT_SCRYPT_N,
  derivations,
  hashPassword,
  needsRehash,
  verifyPassword,
} from './password.js';

const TEST_N = 16384;

describe('password hashing', () => {
  afterEach(() => configurePasswordCost(TEST_N));

  it('hashes at N = 2^17 (OWASP) by default, the parameters in the stored value', async () => {
    configurePasswordCost(DEFAULT_SCRYPT_N);
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
  }, 60_000);

  it('Given a hash, Then only the same password verifies, and each hash has its own salt', async () => {
    configurePasswordCost(TEST_N);
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct');
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horse', second)).toBe(true);
    expect(await verifyPassword('wrong horse', first)).toBe(false);
  });

  it('verifies a hash made at an older cost and says it needs rehashing', async () => {
    configurePasswordCost(1024);
    const old = await hashPassword('correct horse');
    configurePasswordCost(TEST_N);
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('refuses malformed stored values, and values asking for an absurd cost, after the usual work', async () => {
    configurePasswordCost(TEST_N);
    for (const stored of ['', 'md5$abc', 'scrypt$a$b$c$salt$hash', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA']) {
      derivations.length = 0;
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(derivations).toEqual([TEST_N]);
    }
  });
});

describe('sign-in cost and rehashing through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    await call(t.app, 'POST', '/api/user/', {
      cookie: root,
      body: { username: 'olduser', password: 'password-123' },
    });
    // A hash from before the cost was raised.
    configurePasswordCost(1024);
    const old = await hashPassword('password-123');
    configurePasswordCost(TEST_N);
    await t.app.gw.db.updateTable('users').set({ password: old }).where('username', '=', 'olduser').execute();
  });
  afterAll(() => t?.close());

  const storedHash = async (username: string) =>
    (
      await t.app.gw.db
        .selectFrom('users')
        .select('password')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).password;
  const login = (username: string, password: string) =>
    call(t.app, 'POST', '/api/user/login', { body: { username, password } });

  it('a wrong password, an unknown name and a right password each cost one derivation at the current N', async () => {
    for (const [username, password] of [
      ['root', 'wrong-password'],
      ['nobody-at-all', 'wrong-password'],
      ['root', ROOT_PASSWORD],
    ] as const) {
      derivations.length = 0;
      await login(username, password);
      expect(derivations, `${username} / ${password}`).toEqual([TEST_N]);
    }
  });

  it('rehashes an old hash at the next sign-in, once, keeping the user signed in elsewhere', async () => {
    expect(await storedHash('olduser')).toMatch(/^scrypt\$1024\$/);
    const earlier = await signIn(t.app, 'olduser', 'password-123');
    expect(await storedHash('olduser')).toMatch(new RegExp(`^scrypt\\$${TEST_N}\\$`));
    // The rehash is not a password change: the session from that sign-in lives on.
    expect((await call(t.app, 'GET', '/api/user/self', { cookie: earlier })).body.success).toBe(true);
    derivations.length = 0;
    await signIn(t.app, 'olduser', 'password-123');
    expect(derivations).toEqual([TEST_N]);
  });
});
