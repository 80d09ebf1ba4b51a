import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createNodeFetch } from '../node/transport.js';
import { SessionStore, memoryStorage } from '../session/session.js';
import { ApiClient, buildQuery } from './client.js';
import { pagedSchema } from './envelope.js';
import { GwApiError } from './errors.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
let server: Server;
let baseUrl = '';
const seen: { headers: IncomingMessage['headers']; url: string; body: string }[] = [];

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, url: req.url ?? '', body });
      const handler = routes.get(`${req.method} ${(req.url ?? '').split('?')[0]}`);
      if (handler) handler(req, res, body);
      else json(res, 404, { error: { message: 'Invalid URL' } });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  routes.set('GET /api/ok', (_req, res) => json(res, 200, { success: true, message: '', data: { n: 1 } }));
  routes.set('GET /api/list', (_req, res) =>
    json(res, 200, { success: true, message: '', data: { data: null, page: 1, size: 10, total_count: 0 } }),
  );
  routes.set('GET /api/refused', (_req, res) =>
    json(res, 200, { success: false, message: '无权进行此操作，权限不足', code: 'FORBIDDEN' }),
  );
  routes.set('GET /api/onehub-refused', (_req, res) => json(res, 200, { success: false, message: 'boom' }));
  routes.set('GET /api/anon', (_req, res) => json(res, 401, { success: false, message: '未登录' }));
  routes.set('GET /api/limited', (_req, res) => {
    res.writeHead(429, { 'retry-after': '42' });
    res.end();
  });
  routes.set('GET /api/crash', (_req, res) => json(res, 500, { success: false, message: 'x' }));
  routes.set('GET /api/crash-logged', (_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': 'req-header-7' });
    res.end(JSON.stringify({ success: false, message: 'x' }));
  });
  routes.set('GET /api/refused-logged', (_req, res) =>
    json(res, 200, { success: false, message: 'no', request_id: 'req-body-9' }),
  );
  routes.set('GET /api/html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html></html>');
  });
  routes.set('POST /api/login', (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'set-cookie': 'session=abc.def; Path=/; HttpOnly',
    });
    res.end(JSON.stringify({ success: true, message: '' }));
  });
  routes.set('GET /api/echo-cookie', (req, res) =>
    json(res, 200, { success: true, message: '', data: req.headers.cookie ?? '' }),
  );
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

const client = (extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({ baseUrl, fetch: createNodeFetch(), ...extra });

describe('ApiClient over a real HTTP server', () => {
  it('returns the envelope data parsed with the schema and sends the bearer token', async () => {
    const data = await client({ accessToken: () => 'abc123' }).request(
      'GET',
      '/api/ok',
      z.object({ n: z.number() }),
    );
    expect(data).toEqual({ n: 1 });
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer abc123');
  });

  it('tolerates a paged reply whose data is null', async () => {
    const page = await client().request('GET', '/api/list', pagedSchema(z.object({ id: z.number() })));
    expect(page.data).toEqual([]);
    expect(page.total_count).toBe(0);
  });

  it('turns success:false into a GwApiError with the server message and gw code', async () => {
    const failure = await client()
      .send('GET', '/api/refused')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GwApiError);
    expect((failure as GwApiError).code).toBe('FORBIDDEN');
    expect((failure as GwApiError).message).toBe('无权进行此操作，权限不足');
    expect((failure as GwApiError).exitCode).toBe(4);
  });

  it('maps a one-hub failure without a code to FAILED', async () => {
    const failure = (await client()
      .send('GET', '/api/onehub-refused')
      .catch((error: unknown) => error)) as GwApiError;
    expect(failure.code).toBe('FAILED');
    expect(failure.message).toBe('boom');
  });

  it('clears the session on HTTP 401', async () => {
    const session = new SessionStore(memoryStorage());
    session.setUser({ id: 1, username: 'alice', role: 1, display_name: '', avatar_url: '' });
    const failure = (await client({ onUnauthorized: () => session.clear() })
      .send('GET', '/api/anon')
      .catch((error: unknown) => error)) as GwApiError;
    expect(failure.code).toBe('UNAUTHENTICATED');
    expect(failure.exitCode).toBe(4);
    expect(session.user).toBeUndefined();
  });

  it('reports 429 with an empty body and 500 by status', async () => {
    const limited = (await client()
      .send('GET', '/api/limited')
      .catch((error: unknown) => error)) as GwApiError;
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.retryAfterSeconds).toBe(42);
    const crashed = (await client()
      .send('GET', '/api/crash')
      .catch((error: unknown) => error)) as GwApiError;
    expect(crashed.code).toBe('INTERNAL');
    expect(crashed.requestId).toBeUndefined();
  });

  it('keeps the request id the server logged a failure under, from the header or the envelope', async () => {
    const fromHeader = (await client()
      .send('GET', '/api/crash-logged')
      .catch((error: unknown) => error)) as GwApiError;
    expect(fromHeader.requestId).toBe('req-header-7');
    const fromBody = (await client()
      .send('GET', '/api/refused-logged')
      .catch((error: unknown) => error)) as GwApiError;
    expect(fromBody.requestId).toBe('req-body-9');
  });

  it('refuses a reply that is not an envelope', async () => {
    const failure = (await client()
      .send('GET', '/api/html')
      .catch((error: unknown) => error)) as GwApiError;
    expect(failure.messageKey).toBe('errors.bad_reply');
  });

  it('keeps the session cookie between calls in Node', async () => {
    const api = client();
    await api.send('POST', '/api/login', { body: {} });
    const cookie = await api.request('GET', '/api/echo-cookie', z.string());
    expect(cookie).toBe('session=abc.def');
  });

  it('reports an unreachable server as a network error', async () => {
    const failure = (await new ApiClient({ baseUrl: 'http://127.0.0.1:1', fetch: createNodeFetch() })
      .send('GET', '/api/status')
      .catch((error: unknown) => error)) as GwApiError;
    expect(failure.code).toBe('NETWORK');
    expect(failure.messageKey).toBe('errors.network');
  });
});

describe('ApiClient.requestUnwrapped', () => {
  const list = z.object({ object: z.literal('list'), data: z.array(z.string()) });

  it('Given a reply that is not enveloped, Then it parses the whole body', async () => {
    routes.set('GET /api/raw-list', (_req, res) => json(res, 200, { object: 'list', data: ['a'] }));
    const api = new ApiClient({ baseUrl, fetch: createNodeFetch() });
    expect(await api.requestUnwrapped('GET', '/api/raw-list', list)).toEqual({ object: 'list', data: ['a'] });
  });

  it('Given a failure envelope or an unreadable body instead, Then it throws', async () => {
    routes.set('GET /api/raw-refused', (_req, res) =>
      json(res, 200, { success: false, message: '权限不足', code: 'FORBIDDEN' }),
    );
    routes.set('GET /api/raw-odd', (_req, res) => json(res, 200, { success: true, message: '' }));
    const api = new ApiClient({ baseUrl, fetch: createNodeFetch() });
    const refused = (await api
      .requestUnwrapped('GET', '/api/raw-refused', list)
      .catch((e) => e)) as GwApiError;
    expect(refused.code).toBe('FORBIDDEN');
    const odd = (await api.requestUnwrapped('GET', '/api/raw-odd', list).catch((e) => e)) as GwApiError;
    expect(odd.messageKey).toBe('errors.bad_reply');
  });
});

describe('buildQuery', () => {
  it('drops empty values and encodes the rest', () => {
    expect(buildQuery({ page: 2, keyword: 'a b', order: '', x: undefined })).toBe('?page=2&keyword=a+b');
    expect(buildQuery({})).toBe('');
  });
});
