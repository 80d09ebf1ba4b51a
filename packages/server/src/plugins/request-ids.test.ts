// Request ids (issue 15): each reply, /api and /v1 alike, carries its own X-Request-Id (made by the
// server, never taken from the caller); a refusal's envelope repeats it as `request_id`; the relay's
// X-Oneapi-Request-Id is the same id; and the request's log line names it.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../test-support/test-app.js';

describe('request ids', () => {
  let t: TestApp;
  let root: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) =>
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
    );
    t = await startTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream });
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t.close());

  it('gives every reply its own id, whatever the caller sends', async () => {
    const first = await call(t.app, 'GET', '/api/status');
    const second = await call(t.app, 'GET', '/api/status', {
      headers: { 'x-request-id': 'chosen-by-caller' },
    });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^\d{23}[A-Za-z0-9]{8}$/);
    expect(ids[0]).not.toBe(ids[1]);
    // A successful envelope has no request_id; the header is enough.
    expect(first.body.request_id).toBeUndefined();
  });

  it('repeats the id in every refusal envelope: a guard, bad input, a rule and an unknown route', async () => {
    const user = await createUser(t.app, root, 'rid_user');
    const refusals = [
      await call(t.app, 'GET', '/api/user/'),
      await call(t.app, 'GET', '/api/channel/', { cookie: user }),
      await call(t.app, 'POST', '/api/user/login', { body: { username: 'root' } }),
      await call(t.app, 'POST', '/api/user/login', {
        body: { username: 'root', password: 'not-the-password' },
      }),
      await call(t.app, 'GET', '/api/channel/abc', { cookie: root }),
      await call(t.app, 'POST', '/api/user/login', {
        body: '{"bad json',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const reply of refusals) {
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(false);
      expect(reply.body.request_id).toBe(reply.headers['x-request-id']);
    }
  });

  it('names the relay reply with one id in both headers, and the log line with it', async () => {
    const reply = await call(t.app, 'GET', '/v1/models');
    expect(reply.status).toBe(401);
    const id = reply.headers['x-request-id'];
    expect(id).toBe(reply.headers['x-oneapi-request-id']);
    const logged = await call(t.app, 'GET', '/api/status');
    const logId = String(logged.headers['x-request-id']);
    const line = lines.find((text) => text.includes('request completed') && text.includes(logId));
    expect(line, 'the request-completed log line').toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ reqId: logId, res: { statusCode: 200 } });
  });
});
