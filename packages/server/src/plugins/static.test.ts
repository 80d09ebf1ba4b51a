// Issue 8 item 8: paths the static file layer refuses (`..`, NUL, `//`, a name too long for the file
// system) answer 404 or 400 in the envelope, never 500; the console's history fallback still works.
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the built console and odd paths', () => {
  let t: TestApp;
  let webDir: string;
  let base: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'gw-static-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>gw</title>');
    t = await startTestApp('sqlite', { GW_WEB_DIR: webDir });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    { label: 'a NUL', path: '/%00', status: 400 },
    { label: 'an empty segment', path: '//x', status: 404 },
    { label: 'a 5,000-character name', path: `/${'a'.repeat(5_000)}`, status: 404 },
    { label: 'dot-dot segments', path: '/a/../../etc/passwd', status: 404 },
  ])('GET with $label answers $status in the envelope', async ({ path, status }) => {
    const reply = await rawGet(base, path);
    expect(reply.status).toBe(status);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false });
  });

  it('names the path of a static request with a NUL', async () => {
    const reply = await rawGet(base, '/assets/a%00.js');
    expect(JSON.parse(reply.body)).toMatchObject({
      errors: [{ field: 'path', key: 'validation.input.nul' }],
    });
  });

  it('answers escaped slashes with the console, never a file outside it', async () => {
    const reply = await rawGet(base, '/..%2f..%2fetc%2fpasswd');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>gw</title>');
  });

  it('still serves the console for an ordinary unknown path (history fallback)', async () => {
    const reply = await rawGet(base, '/panel/channels');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>gw</title>');
  });
});
