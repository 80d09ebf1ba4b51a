// The Status tab's proxy against a fake Uptime-Kuma on loopback: the status page and heartbeats pass
// through byte for byte for a signed-in user; not configured, unreachable, failing or slow, it refuses
// in the envelope with the reason.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

const STATUS_PAGE = JSON.stringify({
  config: { slug: 'main', title: 'Main' },
  publicGroupList: [{ id: 1, name: 'APIs', monitorList: [{ id: 7, name: 'OpenAI', tags: [] }] }],
});
const HEARTBEATS = JSON.stringify({
  heartbeatList: { 7: [{ status: 1, time: '2026-11-26 10:00:00.000', msg: '', ping: 12 }] },
  uptimeList: { '7_24': 0.995 },
});

describe('Uptime-Kuma proxy', () => {
  let t: TestApp;
  let kuma: Server;
  let kumaUrl = '';
  const seen: IncomingMessage[] = [];
  let root = '';
  let alice = '';
  /** When set, the fake answers slowly (ms) or with this status. */
  let delayMs = 0;
  let failWith = 0;

  const setOption = async (key: string, value: string) => {
    const reply = await call(t.app, 'PUT', '/api/option/', { cookie: root, body: { key, value } });
    expect(reply.body).toMatchObject({ success: true });
  };

  beforeAll(async () => {
    kuma = createServer((request, response) => {
      seen.push(request);
      setTimeout(() => {
        if (failWith) {
          response.writeHead(failWith).end('no');
          return;
        }
        const path = (request.url ?? '').split('?')[0];
        const body =
          path === '/api/status-page/main%20page'
            ? STATUS_PAGE
            : path === '/api/status-page/heartbeat/main%20page'
              ? HEARTBEATS
              : undefined;
        if (!body) response.writeHead(404).end('{}');
        else response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      }, delayMs);
    });
    await new Promise<void>((done) => kuma.listen(0, '127.0.0.1', done));
    const address = kuma.address();
    kumaUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = await startTestApp('sqlite');
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((done) => kuma.close(done));
  });

  it('refuses while the status page is not configured, asking nothing of Uptime-Kuma', async () => {
    const reply = await call(t.app, 'GET', '/api/user/dashboard/uptimekuma/status-page', { cookie: alice });
    expect(reply.body).toMatchObject({ success: false });
    expect(reply.body.message).toContain('Uptime-Kuma');
    expect(seen).toHaveLength(0);
    const anonymous = await call(t.app, 'GET', '/api/user/dashboard/uptimekuma/status-page/heartbeat');
    expect(anonymous.status).toBe(401);
  });

  it('passes the status page and the heartbeats through for a signed-in user', async () => {
    await setOption('UptimeEnabled', 'true');
    await setOption('UptimeDomain', `${kumaUrl}/`);
    await setOption('UptimePageName', 'main page');
    const page = await call(t.app, 'GET', '/api/user/dashboard/uptimekuma/status-page', { cookie: alice });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toBe(STATUS_PAGE);
    expect(String(page.headers['content-type'])).toContain('application/json');
    const beats = await call(t.app, 'GET', '/api/user/dashboard/uptimekuma/status-page/heartbeat', {
      cookie: alice,
    });
    expect(JSON.stringify(beats.body)).toBe(HEARTBEATS);
    // Each call carries a cache-defeating time, as one-hub's.
    expect(seen.at(-1)?.url).toMatch(/^\/api\/status-page\/heartbeat\/main%20page\?t=\d+$/);
  });

  it('refuses with the reason when Uptime-Kuma fails, is slow or is gone', async () => {
    failWith = 500;
    const failed = await call(t.app, 'GET', '/api/user/dashboard/uptimekuma/status-page', { cookie: alice });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false });
    expect(failed.body.message).toContain('HTTP 500');
    failWith = 0;

    delayMs = 11_000;
    const started = Date.now();
    const slow = await call(t.app, 'GET', '/api/user/dashboard/uptimekuma/status-page', { cookie: alice });
    expect(slow.status).toBe(502);
    expect(slow.body.message).toContain('timeout');
    expect(Date.now() - started).toBeLessThan(10_900);
    delayMs = 0;

    await setOption('UptimeDomain', 'http://127.0.0.1:1');
    const gone = await call(t.app, 'GET', '/api/user/dashboard/uptimekuma/status-page', { cookie: alice });
    expect(gone.status).toBe(502);
    expect(gone.body).toMatchObject({ success: false });
  }, 30_000);
});
