// Issue 15: the header set of the console and of /api — a CSP the built console satisfies, no
// sniffing, no framing, a referrer policy, and no caching of any /api reply (a user's data).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../test-support/test-app.js';
import { API_CSP, CONSOLE_CSP } from './security-headers.js';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

describe('security headers', () => {
  let t: TestApp;
  let webDir: string;
  let rootCookie: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'gw-headers-web-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/a.js"></script>',
    );
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'a.js'), 'console.log(1)');
    t = await startTestApp('sqlite', { GW_WEB_DIR: webDir });
    rootCookie = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/panel/channel'])(
    'the console page %s: its CSP and frame protection',
    async (path) => {
      const reply = await call(t.app, 'GET', path);
      expect(reply.status).toBe(200);
      expect(reply.headers).toMatchObject({ ...COMMON, 'content-security-policy': CONSOLE_CSP });
      expect(CONSOLE_CSP).toContain("script-src 'self'");
      expect(CONSOLE_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    },
  );

  it('a console asset: no sniffing, a CSP that runs nothing', async () => {
    const reply = await call(t.app, 'GET', '/assets/a.js');
    expect(reply.headers).toMatchObject({ ...COMMON, 'content-security-policy': API_CSP });
  });

  it.each([
    { label: 'a public /api reply', path: '/api/status', cookie: undefined },
    { label: 'an authenticated /api reply', path: '/api/user/self', cookie: 'root' },
    { label: 'an admin /api listing', path: '/api/channel/', cookie: 'root' },
    { label: 'an /api refusal', path: '/api/user/self', cookie: undefined },
  ])('$label is never cached and runs nothing', async ({ path, cookie }) => {
    const reply = await call(t.app, 'GET', path, { cookie: cookie ? rootCookie : undefined });
    expect(reply.headers).toMatchObject({
      ...COMMON,
      'content-security-policy': API_CSP,
      'cache-control': 'no-store',
    });
  });

  it('a signed-in reply through an access token is never cached either', async () => {
    const generated = await call(t.app, 'GET', '/api/user/token', { cookie: rootCookie });
    const reply = await call(t.app, 'GET', '/api/user/self', { token: `Bearer ${generated.body.data}` });
    expect(reply.body.success).toBe(true);
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});
