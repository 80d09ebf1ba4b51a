// Issue 15: sign-in throttling per account and per IP with back-off. The store logic runs on a clock the
// test moves; the app tests show the same replies for a name with and without an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUp,
  TEST_REDIS_URL,
  twoConnections,
  uniqueKeyPrefix,
} from '../redis/test-support/redis-test-support.js';
import { call, ROOT_PASSWORD, startTestApp, type TestApp } from '../test-support/test-app.js';
import {
  createLoginThrottle,
  lockSeconds,
  memoryThrottleStore,
  redisThrottleStore,
} from './login-throttle.js';

const LIMITS = { accountFailures: 3, ipFailures: 5, maxLockSeconds: 60 };

describe('the back-off', () => {
  it('allows the free failures, then locks 5, 10, 20 … seconds up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => lockSeconds(n, 3, 60))).toEqual([0, 0, 0, 5, 10, 20, 40, 60]);
    expect(lockSeconds(10_000, 3, 60)).toBe(60);
  });

  it('locks an account past its free failures, from any address, until the lock runs out', async () => {
    let now = 1_000_000;
    const throttle = createLoginThrottle(memoryThrottleStore(), LIMITS, () => now);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect(await throttle.waitSeconds('alice', ip)).toBe(0);
      await throttle.failed('alice', ip);
    }
    expect(await throttle.waitSeconds('Alice', '10.0.0.9')).toBe(0);
    await throttle.failed('alice', '10.0.0.4');
    expect(await throttle.waitSeconds('ALICE', '10.0.0.9')).toBe(5);
    expect(await throttle.waitSeconds('bob', '10.0.0.9')).toBe(0);
    now += 4500;
    expect(await throttle.waitSeconds('alice', '10.0.0.9')).toBe(1);
    now += 500;
    expect(await throttle.waitSeconds('alice', '10.0.0.9')).toBe(0);
    await throttle.failed('alice', '10.0.0.5');
    expect(await throttle.waitSeconds('alice', '10.0.0.9')).toBe(10);
    now += 10_000;
    await throttle.succeeded('alice');
    await throttle.failed('alice', '10.0.0.6');
    expect(await throttle.waitSeconds('alice', '10.0.0.9')).toBe(0);
  });

  it('locks an address that tries many names', async () => {
    const throttle = createLoginThrottle(memoryThrottleStore(), LIMITS, () => 5_000_000);
    for (let i = 0; i < LIMITS.ipFailures; i++) await throttle.failed(`name${i}`, '192.0.2.7');
    expect(await throttle.waitSeconds('fresh', '192.0.2.7')).toBe(0);
    await throttle.failed('another', '192.0.2.7');
    expect(await throttle.waitSeconds('fresh', '192.0.2.7')).toBe(5);
    expect(await throttle.waitSeconds('fresh', '192.0.2.8')).toBe(0);
  });
});

describe.runIf(TEST_REDIS_URL)('the back-off in Redis, shared by two processes', () => {
  it('a failure counted by one process locks the name for the other', async () => {
    const prefix = uniqueKeyPrefix();
    const [one, two] = await twoConnections(TEST_REDIS_URL ?? '');
    try {
      const a = createLoginThrottle(redisThrottleStore(one, prefix), LIMITS);
      const b = createLoginThrottle(redisThrottleStore(two, prefix), LIMITS);
      for (let i = 0; i < LIMITS.accountFailures; i++) await a.failed('carol', `10.1.0.${i}`);
      expect(await b.waitSeconds('carol', '10.9.9.9')).toBe(0);
      await b.failed('carol', '10.1.0.9');
      expect(await a.waitSeconds('carol', '10.9.9.9')).toBeGreaterThan(0);
      await a.succeeded('carol');
      expect(await b.waitSeconds('carol', '10.9.9.9')).toBe(0);
    } finally {
      await cleanUp([one, two], prefix);
    }
  });
});

describe('sign-in through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      LOGIN_ACCOUNT_FAILURES: '3',
      LOGIN_IP_FAILURES: '8',
      LOGIN_BACKOFF_MAX: '600',
      TRUSTED_HEADER: 'x-real-ip',
    });
  });
  afterAll(() => t?.close());

  const login = (username: string, password: string, ip: string) =>
    call(t.app, 'POST', '/api/user/login', { body: { username, password }, headers: { 'x-real-ip': ip } });

  it('answers a name with an account and one without alike, failure by failure and when locked', async () => {
    const replies = async (username: string, ip: string) => {
      const seen = [];
      for (let i = 0; i < 5; i++) {
        const reply = await login(username, 'wrong-password', ip);
        seen.push({ status: reply.status, body: reply.body, retry: reply.headers['retry-after'] });
      }
      return seen;
    };
    const existing = await replies('root', '198.51.100.1');
    const missing = await replies('nobody-here', '198.51.100.2');
    // The wait is the same first lock for both; compared apart from the body. Each reply has its own
    // request id, which says nothing about the account.
    const bodies = (seen: typeof existing) =>
      seen.map(({ status, body: { request_id, ...body } }) => {
        expect(request_id).toMatch(/^\d{23}[A-Za-z0-9]{8}$/);
        return { status, body };
      });
    expect(bodies(missing)).toEqual(bodies(existing));
    expect(missing.map((r) => r.retry !== undefined)).toEqual(existing.map((r) => r.retry !== undefined));
    expect(existing.slice(0, 3).every((r) => r.body.code === 'BAD_CREDENTIALS')).toBe(true);
    expect(existing[3]).toMatchObject({ status: 200, body: { code: 'BAD_CREDENTIALS' } });
    expect(existing[4]).toMatchObject({ status: 429, body: { success: false, code: 'RATE_LIMITED' } });
    expect(Number(existing[4]?.retry)).toBeGreaterThan(0);
  });

  it('refuses even the right password while the account is locked, from another address too', async () => {
    const locked = await login('root', ROOT_PASSWORD, '198.51.100.3');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    // Nothing about the account changed: no sign-in was recorded.
    const root = await t.app.gw.db
      .selectFrom('users')
      .select('last_login_ip')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    expect(root.last_login_ip).not.toBe('198.51.100.3');
  });

  it('locks an address trying many names, not other addresses', async () => {
    // Eight failures are free; the ninth locks the address.
    for (let i = 0; i < 9; i++) await login(`guess${i}`, 'wrong-password', '203.0.113.50');
    const fromThere = await login(`guess-next`, 'wrong-password', '203.0.113.50');
    expect(fromThere.status).toBe(429);
    const elsewhere = await login('guess-next', 'wrong-password', '203.0.113.51');
    expect(elsewhere.body.code).toBe('BAD_CREDENTIALS');
  });
});
