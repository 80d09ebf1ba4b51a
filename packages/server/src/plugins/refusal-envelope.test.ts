// Issue 15: every /api reply is the envelope, including the refusals Fastify and Node's HTTP parser
// make before any route runs, and each carries the security headers of an /api reply.
import { connect } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../shared/body-limits.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

interface RawReply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request with the path sent as written, on its own connection (refusals close it). */
function send(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
      },
    );
    // A refusal may close the connection while a large body is still being written.
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** Bytes that are not HTTP, written straight to the socket; the raw reply back. */
function sendRaw(base: string, bytes: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('refusals before any route', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const json = (body: Record<string, unknown>) => ({ 'content-type': 'application/json', ...body });

  it.each([
    { label: 'a path parameter over 100 characters', path: `/api/channel/${'1'.repeat(150)}`, status: 400 },
    { label: 'an unknown /api path', path: '/api/nothing/here', status: 404 },
    { label: 'an unknown method on an /api path', path: '/api/status', method: 'PATCH', status: 404 },
    { label: 'bad percent-encoding', path: '/api/channel/%E0%A4%A', status: 400 },
    { label: 'a query over 16 KB', path: `/api/status?x=${'a'.repeat(20_000)}`, status: 431 },
    {
      label: 'a header over 16 KB',
      path: '/api/status',
      headers: { 'x-big': 'a'.repeat(20_000) },
      status: 431,
    },
    {
      label: 'a sign-in body over its limit',
      path: '/api/user/login',
      method: 'POST',
      headers: json({}),
      body: JSON.stringify({ username: 'root', password: 'x'.repeat(BODY_LIMITS.credentials) }),
      status: 413,
    },
    {
      label: 'an /api body over the standard limit',
      path: '/api/token/',
      method: 'POST',
      headers: json({}),
      body: JSON.stringify({ name: 'x'.repeat(BODY_LIMITS.standard) }),
      status: 413,
    },
    {
      label: 'a body that is not JSON',
      path: '/api/user/login',
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
      status: 415,
    },
  ])('$label: $status in the envelope', async ({ path, method, headers, body, status }) => {
    const reply = await send(base, path, { method, headers, body });
    expect(reply.status).toBe(status);
    const envelope = JSON.parse(reply.body);
    expect(envelope).toMatchObject({ success: false });
    expect(typeof envelope.message).toBe('string');
    expect(envelope.message.length).toBeGreaterThan(0);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('names the route limit in a 413, in the caller language', async () => {
    const reply = await send(base, '/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ password: 'x'.repeat(BODY_LIMITS.credentials) }),
    });
    expect(JSON.parse(reply.body).message).toBe(
      `The request body is too large: this route reads at most ${BODY_LIMITS.credentials / 1024} KiB`,
    );
  });

  it('answers an oversized header in the language the request asked for', async () => {
    const reply = await send(base, '/api/status', {
      headers: { 'accept-language': 'ja-JP', 'x-big': 'a'.repeat(20_000) },
    });
    expect(JSON.parse(reply.body).message).toBe(
      'リクエストヘッダーまたはクエリが大きすぎます（最大 16 KiB）',
    );
  });

  it('answers bytes that are not HTTP with the envelope', async () => {
    const received = await sendRaw(base, 'NONSENSE\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false });
  });

  it('keeps the OpenAI error shape on unknown relay paths', async () => {
    const reply = await send(base, '/v1/nothing');
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body)).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});
