// Issue 15: liveness and readiness. Ready while the database (and Redis, when configured) answer; a
// database that no longer answers makes readiness 503 in the envelope while liveness still answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, uniqueKeyPrefix } from '../../redis/test-support/redis-test-support.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, startTestApp, type TestApp } from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { GLOBAL_API_RATE_LIMIT: '2' });
  });
  afterAll(() => t?.close());

  it('is live and ready; health checks do not count against the per-IP /api limit', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'GET', '/api/health')).body).toEqual({
        success: true,
        message: '',
        data: { status: 'ok' },
      });
      const ready = await call(t.app, 'GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.data).toEqual({ status: 'ready', checks: ['database'] });
    }
  });
});

describe.runIf(TEST_REDIS_URL)('health with Redis', () => {
  it('checks Redis too', async () => {
    const t = await startTestApp('sqlite', {
      REDIS_URL: TEST_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: uniqueKeyPrefix(),
    });
    try {
      expect((await call(t.app, 'GET', '/api/health/ready')).body.data).toEqual({
        status: 'ready',
        checks: ['database', 'redis'],
      });
    } finally {
      await t.close();
    }
  });
});

describe('a database that stops answering', () => {
  it('makes readiness 503 naming it, while liveness answers', async () => {
    const t = await startTestApp('sqlite');
    try {
      await t.app.gw.db.destroy();
      const ready = await call(t.app, 'GET', '/api/health/ready', { headers: { 'accept-language': 'en' } });
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        success: false,
        code: 'INTERNAL',
        message: 'Not ready: database does not answer',
      });
      expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
