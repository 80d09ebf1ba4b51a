// The key is checked before the body is read (issue 8): a request with a bad key gets the 401 of spec §3.1
// whatever its body — broken JSON, malformed multipart, more than the body limit — and a good key with a
// broken body still gets the body's 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const BAD_KEY = `Bearer sk-${'x'.repeat(48)}`;

describe('relay key checked before the body', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: 'gpt-4o-mini' });
  });
  afterAll(async () => r?.close());

  async function post(path: string, headers: Record<string, string>, body: string) {
    const response = await fetch(`${r.url}${path}`, { method: 'POST', headers, body });
    const text = await response.text();
    return { status: response.status, text };
  }

  it('Given a bad key and a body that is not JSON, then 401 无效的令牌, not the body 400', async () => {
    const reply = await post(
      '/v1/chat/completions',
      { authorization: BAD_KEY, 'content-type': 'application/json' },
      '{"model": "gpt-4o-mini", ',
    );
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.text).error.message).toMatch(/^无效的令牌 \(request id: /);
  });

  it('Given no key and a malformed multipart body, then 401', async () => {
    const reply = await post(
      '/v1/audio/transcriptions',
      { 'content-type': 'multipart/form-data; boundary=nothing-matches' },
      '--wrong\r\ncontent-disposition: form-data; name="file"\r\n\r\nabc',
    );
    expect(reply.status).toBe(401);
  });

  it('Given a bad key and a body over the 10 MiB limit, then 401', async () => {
    const reply = await post(
      '/v1/chat/completions',
      { authorization: BAD_KEY, 'content-type': 'application/json' },
      'x'.repeat(11 * 1024 * 1024),
    );
    expect(reply.status).toBe(401);
  });

  it('Given a bad key on the native Claude route, then its 401 in the Claude error shape', async () => {
    await r.setOptions({ ClaudeAPIEnabled: 'true' });
    const reply = await post(
      '/claude/v1/messages',
      { 'x-api-key': 'sk-nobody', 'content-type': 'application/json' },
      '{not json',
    );
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.text).type).toBe('error');
  });

  it('Given an unknown relay path, then its 404 whatever the body, which is not parsed', async () => {
    const bodies: Array<[string, string]> = [
      [
        'multipart/form-data; boundary=nothing-matches',
        '--wrong\r\ncontent-disposition: form-data\r\n\r\nabc',
      ],
      ['multipart/form-data', 'no boundary at all'],
      ['application/json', '{"model": '],
      ['application/json', `{"x":${'['.repeat(5_000)}${']'.repeat(5_000)}}`],
    ];
    for (const path of ['/v1/images/upscale', '/v1/audio/remix', '/v1/no/such/route']) {
      for (const [contentType, body] of bodies) {
        for (const headers of [{}, { authorization: BAD_KEY }] as Record<string, string>[]) {
          const reply = await post(path, { ...headers, 'content-type': contentType }, body);
          expect({ path, contentType, status: reply.status }).toEqual({ path, contentType, status: 404 });
          expect(JSON.parse(reply.text).error.message).toBe(`Invalid URL (POST ${path})`);
        }
      }
    }
  });

  it('Given a good key and a body that is not JSON, then still the body 400', async () => {
    const who = await r.newCaller({ quota: 1_000_000 });
    const reply = await post(
      '/v1/chat/completions',
      { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      '{"model": ',
    );
    expect(reply.status).toBe(400);
    expect(r.upstream.requests).toHaveLength(0);
  });
});
