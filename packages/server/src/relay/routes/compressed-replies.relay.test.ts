// Replies above @fastify/compress's sync threshold (8 KiB on two cores) are gzipped through a stream; an
// async handler that sent its reply without returning it used to get a second, empty reply on top:
// `content-encoding: gzip`, `content-length: 0` (issue 8, item 3). A real HTTP client asks for gzip here
// and decompresses what arrives. Every reply here is above 64 KiB, the largest sync threshold (one core),
// so they take the stream path on any machine.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

interface GzipReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary reply shapes.
  json: any;
  wireBytes: number;
}

/** One request that accepts gzip, read off the socket as sent and decompressed here. */
function gzipRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<GzipReply> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const sent = request(
      url,
      {
        method,
        headers: {
          'accept-encoding': 'gzip',
          ...(text === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          try {
            const plain = res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire;
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              json: JSON.parse(plain.toString('utf8')),
              wireBytes: wire.length,
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}

describe('gzipped replies above the sync threshold arrive whole', () => {
  let r: RelayTestApp;
  let who: RelayCallerHandle;
  const manyModels = Array.from({ length: 1500 }, (_, i) => `compressed-reply-model-${i}-with-a-long-name`);
  beforeAll(async () => {
    r = await startRelayApp();
    // A channel's model list is at most 16,000 characters: 250 models each.
    for (let first = 0; first < manyModels.length; first += 250) {
      await r.addChannel({ models: manyModels.slice(first, first + 250).join(',') });
    }
    await r.setOptions({ RetryTimes: '0', RetryCooldownSeconds: '0' });
    who = await r.newCaller();
  });
  afterAll(async () => r?.close());

  const bearer = () => ({ authorization: `Bearer ${who.key}` });

  const BIG = 64 * 1024;

  it('GET /v1/models with 1,500 models (six channels)', async () => {
    const reply = await gzipRequest(`${r.url}/v1/models`, 'GET', bearer());
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.wireBytes).toBeGreaterThan(0);
    expect(reply.json.data.map((model: { id: string }) => model.id)).toEqual([...manyModels].sort());
    expect(JSON.stringify(reply.json).length).toBeGreaterThan(BIG);
  });

  it('a long upstream error', async () => {
    const message = 'the upstream refused this prompt for a long list of reasons; '.repeat(1200);
    r.upstream.reset();
    r.upstream.script({ status: 400, message });
    const reply = await gzipRequest(`${r.url}/v1/chat/completions`, 'POST', bearer(), {
      model: manyModels[0],
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(reply.status).toBe(400);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.json.error.message).toContain(message.trim());
  });

  it('a long 503 (no channel for a long model name)', async () => {
    const model = 'no channel serves this model '.repeat(2400);
    const reply = await gzipRequest(`${r.url}/v1/chat/completions`, 'POST', bearer(), {
      model,
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(reply.status).toBe(503);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.json.error.message).toContain(model.trim());
  });

  it('a long /api reply (the channel list as root)', async () => {
    const reply = await gzipRequest(`${r.url}/api/channel/?page=1&size=10`, 'GET', { cookie: r.rootCookie });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.json.success).toBe(true);
    expect(JSON.stringify(reply.json.data)).toContain(manyModels[1499]);
    expect(JSON.stringify(reply.json).length).toBeGreaterThan(BIG);
  });

  it('a long /api reply sent by its own handler (the OpenAPI document)', async () => {
    const reply = await gzipRequest(`${r.url}/api/openapi.json`, 'GET', {});
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.json.openapi).toMatch(/^3\.1/);
    expect(JSON.stringify(reply.json).length).toBeGreaterThan(BIG);
  });
});
