// The error handler: unexpected failures are logged with the request id and answered generically.
import { PassThrough } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { call, signIn } from '../test-support/test-app.js';

describe('unexpected errors', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('Given the database is gone, When a route fails, Then HTTP 500 with a generic message and the id in the log', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-errors-'));
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (chunk) => {
      log += String(chunk);
    });
    const app = await buildApp(
      loadConfig({
        DATABASE_URL: `sqlite:${join(dir, 'gw.db')}`,
        GW_ROOT_PASSWORD: 'pw-1234567',
        LOG_LEVEL: 'error',
      }),
      { logStream: stream },
    );
    const cookie = await signIn(app, 'root', 'pw-1234567');
    await app.gw.db.destroy();
    const reply = await call(app, 'GET', '/api/token/', { cookie, headers: { 'accept-language': 'en' } });
    expect(reply.status).toBe(500);
    expect(reply.body.success).toBe(false);
    expect(reply.body.code).toBe('INTERNAL');
    expect(reply.body.message).toMatch(
      /^Internal server error, please contact the administrator \(request \d{23}[A-Za-z0-9]{8}\)$/,
    );
    expect(JSON.stringify(reply.body)).not.toMatch(/destroy|select|stack|\.ts/i);
    const requestId = /request (\w+)\)/.exec(reply.body.message)?.[1];
    // The same id is the reply's header and the envelope's request_id.
    expect(reply.headers['x-request-id']).toBe(requestId);
    expect(reply.body.request_id).toBe(requestId);
    expect(log).toContain(`"reqId":"${requestId}"`);
    expect(log).toContain('unexpected error');
    await app.close().catch(() => undefined);
  });
});
