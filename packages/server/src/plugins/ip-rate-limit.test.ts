// The per-IP limits over the real app: 429 with an empty body past the limit, per address, the trusted header,
// the Critical routes on top of GlobalAPI, 500 when the store fails, and one limit shared by two processes.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { closeRedis, openRedis } from '../redis/connection.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { registerIpRateLimit } from './ip-rate-limit.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp('sqlite', env);
  opened.push(t);
  return t;
}

function get(t: TestApp, url: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, remoteAddress, headers });
}

function login(t: TestApp, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress,
    payload: { username: 'nobody', password: 'wrong-password' },
  });
}

/** A documentation-range address of its own per call, so runs sharing one Redis never meet. */
function freshIp(): string {
  const [a, b] = randomBytes(2);
  return `198.51.${a}.${b}`;
}

describe('the limits in the config', () => {
  it('Given nothing set, Then GlobalAPI is 300 and Critical 20; a value that is not a whole number is refused', () => {
    expect(loadConfig({})).toMatchObject({ globalApiRateLimit: 300, criticalRateLimit: 20 });
    expect(loadConfig({ GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '5' })).toMatchObject({
      globalApiRateLimit: 0,
      criticalRateLimit: 5,
    });
    expect(() => loadConfig({ GLOBAL_API_RATE_LIMIT: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ CRITICAL_RATE_LIMIT: '2.5' })).toThrow(/CRITICAL_RATE_LIMIT/);
  });
});

describe('GlobalAPI limit', () => {
  it('Given a limit of 3, When a fourth /api request comes from the same address, Then it gets 429 in the envelope', async () => {
    const t = await appWith({ GLOBAL_API_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i++) expect((await get(t, '/api/status')).statusCode).toBe(200);
    const denied = await get(t, '/api/status');
    expect(denied.statusCode).toBe(429);
    expect(JSON.parse(denied.body)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // The wait until the oldest of the three leaves the 180 s window, so a console can say when to retry.
    expect(Number(denied.headers['retry-after'])).toBeGreaterThanOrEqual(178);
    expect(Number(denied.headers['retry-after'])).toBeLessThanOrEqual(180);
    // Any /api route counts, including one that does not exist.
    expect((await get(t, '/api/no-such-route')).statusCode).toBe(429);
  });

  it('Given one address at its limit, Then other addresses and non-/api routes are unaffected', async () => {
    const t = await appWith({ GLOBAL_API_RATE_LIMIT: '2' });
    await get(t, '/api/status', '10.0.0.1');
    await get(t, '/api/status', '10.0.0.1');
    expect((await get(t, '/api/status', '10.0.0.1')).statusCode).toBe(429);
    expect((await get(t, '/api/status', '10.0.0.2')).statusCode).toBe(200);
    expect((await get(t, '/', '10.0.0.1')).statusCode).not.toBe(429);
  });

  it('Given no trusted header, Then X-Forwarded-For does not make a new client (spec §2.1.3 quirk fixed)', async () => {
    const t = await appWith({ GLOBAL_API_RATE_LIMIT: '1' });
    expect((await get(t, '/api/status', '10.0.0.1', { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(200);
    const spoofed = await get(t, '/api/status', '10.0.0.1', { 'x-forwarded-for': '2.2.2.2' });
    expect(spoofed.statusCode).toBe(429);
  });

  it('Given TRUSTED_HEADER, Then the header names the client and the socket address does not', async () => {
    const t = await appWith({ GLOBAL_API_RATE_LIMIT: '1', TRUSTED_HEADER: 'CF-Connecting-IP' });
    const from = (ip: string) => get(t, '/api/status', '10.0.0.9', { 'cf-connecting-ip': ip });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(200);
  });

  it('Given GLOBAL_API_RATE_LIMIT=0, Then /api is not limited', async () => {
    const t = await appWith({ GLOBAL_API_RATE_LIMIT: '0' });
    for (let i = 0; i < 5; i++) expect((await get(t, '/api/status')).statusCode).toBe(200);
  });
});

describe('Critical limit', () => {
  it('Given a limit of 2, When a third login comes from one address, Then it gets 429 while other routes still answer', async () => {
    const t = await appWith({ GLOBAL_API_RATE_LIMIT: '100', CRITICAL_RATE_LIMIT: '2' });
    expect((await login(t)).statusCode).toBe(200);
    expect((await login(t)).statusCode).toBe(200);
    const denied = await login(t);
    expect(denied.statusCode).toBe(429);
    expect(JSON.parse(denied.body)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await login(t, '10.0.0.3')).statusCode).toBe(200);
    expect((await get(t, '/api/status')).statusCode).toBe(200);
    // The mail flows share the Critical log of the address.
    expect((await get(t, '/api/reset_password?email=a@example.com')).statusCode).toBe(429);
  });

  it('Given a trailing slash on a critical path, Then it is still the critical route', async () => {
    const t = await appWith({ CRITICAL_RATE_LIMIT: '1' });
    await login(t);
    const slashed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/',
      payload: { username: 'nobody', password: 'wrong-password' },
    });
    expect(slashed.statusCode).toBe(429);
  });
});

describe('a failing limiter', () => {
  it('Given the store rejects, Then the request gets 500 in the envelope', async () => {
    const app = Fastify();
    registerIpRateLimit(
      app,
      { globalApiRateLimit: 10, criticalRateLimit: 10, trustedHeader: undefined },
      {
        allow: () => Promise.reject(new Error('store down')),
        retryAfterSeconds: () => Promise.reject(new Error('store down')),
      },
    );
    app.get('/api/status', async () => ({ success: true }));
    const reply = await app.inject({ method: 'GET', url: '/api/status' });
    expect(reply.statusCode).toBe(500);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false, code: 'INTERNAL' });
    await app.close();
  });
});

const sharedRuns = REDIS_URL ? [REDIS_URL] : [];
describe.each(sharedRuns)('two processes on one Redis (%s)', (redisUrl) => {
  it('Given a limit of 3, When an address spends it across both, Then the fourth request is denied by either', async () => {
    const [a, b] = [
      await appWith({ REDIS_URL: redisUrl, GLOBAL_API_RATE_LIMIT: '3' }),
      await appWith({ REDIS_URL: redisUrl, GLOBAL_API_RATE_LIMIT: '3' }),
    ];
    const [ip, other] = [freshIp(), freshIp()];
    try {
      expect((await get(a, '/api/status', ip)).statusCode).toBe(200);
      expect((await get(b, '/api/status', ip)).statusCode).toBe(200);
      expect((await get(a, '/api/status', ip)).statusCode).toBe(200);
      expect((await get(b, '/api/status', ip)).statusCode).toBe(429);
      expect((await get(a, '/api/status', ip)).statusCode).toBe(429);
      expect((await get(b, '/api/status', other)).statusCode).toBe(200);
    } finally {
      const redis = await openRedis(redisUrl);
      await redis.del(`rateLimit:GA:${ip}`, `rateLimit:GA:${other}`);
      await closeRedis(redis);
    }
  });
});
