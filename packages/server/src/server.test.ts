// startServer over real HTTP: /api/status and the web console's history fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.js';

describe('startServer', () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-http-'));
    const web = join(dir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>gw console</title>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log("gw")');
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      handleSignals: false,
      env: {
        DATABASE_URL: `sqlite:${join(dir, 'gw.db')}`,
        GW_ROOT_PASSWORD: 'root-test-password',
        GW_WEB_DIR: web,
        LOG_LEVEL: 'silent',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('Given a free port, When started, Then /api/status answers over HTTP', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/api/status`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; data: { version: string } };
    expect(body.success).toBe(true);
    expect(body.data.version).toBe('v0.14.7');
  });

  it('serves files of the web build and falls back to index.html for console routes', async () => {
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(await asset.text()).toBe('console.log("gw")');
    for (const path of ['/', '/panel/token', '/login?x=1']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>gw console</title>');
    }
  });

  it('keeps unknown API paths out of the fallback', async () => {
    const response = await fetch(`${server.url}/api/nothing`);
    expect(response.status).toBe(404);
    // The envelope, like every /api reply (issue 15); the relay's paths keep the OpenAI shape.
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const v1 = await fetch(`${server.url}/v1/nothing`);
    expect(v1.status).toBe(404);
    expect(((await v1.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid URL (GET /v1/nothing)',
    );
  });

  it('signs in over HTTP and keeps the session cookie working', async () => {
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'root-test-password' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const self = await fetch(`${server.url}/api/user/self`, { headers: { cookie } });
    expect(((await self.json()) as { data: { role: number } }).data.role).toBe(100);
  });
});
