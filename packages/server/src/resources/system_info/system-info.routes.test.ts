// POST /api/system_info/log and /api/option/system_info/log (contract §1.15): the server's own log lines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { translate } from '@gw/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type FreshDatabase, freshDatabase } from '../../test-support/databases.js';
import { call, createUser, signIn } from '../../test-support/test-app.js';

describe('system log', () => {
  let app: FastifyInstance;
  let database: FreshDatabase;
  let webDir: string;
  let root: string;
  let user: string;
  let printed = '';
  let password = '';

  beforeAll(async () => {
    // Logging on (into a sink), so there are lines to read; no root password set, so one is generated.
    database = await freshDatabase('sqlite');
    webDir = mkdtempSync(join(tmpdir(), 'gw-no-web-'));
    const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'info', GW_WEB_DIR: webDir });
    const sink = new PassThrough();
    sink.on('data', (chunk) => {
      printed += String(chunk);
    });
    app = await buildApp(config, { logStream: sink });
    password = generatedPassword(printed) ?? '';
    root = await signIn(app, 'root', password);
    user = await createUser(app, root, 'log_reader');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['/api/system_info/log', '/api/option/system_info/log'])(
    'answers the newest lines in PascalCase at %s',
    async (url) => {
      // One log line per request: enough requests that the newest five exist.
      for (let index = 0; index < 5; index += 1) await call(app, 'GET', '/api/status?secret=abc');
      const reply = await call(app, 'POST', url, { cookie: root, body: { count: 5 } });
      expect(reply.body.success).toBe(true);
      expect(reply.body.data.length).toBe(5);
      for (const entry of reply.body.data) {
        expect(Object.keys(entry).sort()).toEqual(['Level', 'Message', 'Timestamp']);
        expect(Number.isNaN(Date.parse(entry.Timestamp))).toBe(false);
      }
      const all = (await call(app, 'POST', url, { cookie: root, body: { count: 1000 } })).body.data;
      const messages = all.map((entry: { Message: string }) => entry.Message).join('\n');
      expect(messages).toContain('GET /api/status');
      expect(messages).not.toContain('secret=abc');
    },
  );

  it('prints the generated root password once but never hands it out', async () => {
    expect(password.length).toBeGreaterThan(8);
    const all = (await call(app, 'POST', '/api/system_info/log', { cookie: root, body: { count: 1000 } }))
      .body.data;
    expect(all.length).toBeGreaterThan(0);
    expect(JSON.stringify(all)).not.toContain(password);
  });

  it.each([
    ['no body', undefined, '_'],
    ['count 0', { count: 0 }, 'count'],
    ['count negative', { count: -1 }, 'count'],
    ['count a string', { count: '5' }, 'count'],
    ['count a fraction', { count: 1.5 }, 'count'],
    ['count too large', { count: 1001 }, 'count'],
  ])('refuses %s with HTTP 400 and a clear message', async (_name, body, field) => {
    const reply = await call(app, 'POST', '/api/system_info/log', { cookie: root, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors[0].field).toBe(field);
    expect(reply.body.message).not.toMatch(/validation\./);
  });

  it('is root only', async () => {
    const reply = await call(app, 'POST', '/api/system_info/log', { cookie: user, body: { count: 5 } });
    expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

/** The generated root password, read from the one private line the server printed. */
function generatedPassword(printed: string): string | undefined {
  const [before = '', after = ''] = translate('zh_CN', 'auth.root_created', { password: '\u0000' }).split(
    '\u0000',
  );
  for (const line of printed.split('\n')) {
    if (!line.includes('"gwPrivate":true')) continue;
    const message = String(JSON.parse(line).msg);
    if (message.startsWith(before) && message.endsWith(after))
      return message.slice(before.length, message.length - after.length);
  }
  return undefined;
}
