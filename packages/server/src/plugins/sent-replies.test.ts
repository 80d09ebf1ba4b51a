// An async handler that sends its reply and resolves to nothing gets no second, empty reply on top, even
// when the first goes out asynchronously (gzip through a stream): through a plain route and through the
// route table's envelope.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../shared/route.js';
import type { Authenticator } from './auth.js';
import { registerRoutes } from './routes.js';
import { registerSentReplies } from './sent-replies.js';

// Above the largest sync threshold of @fastify/compress (64 KiB on one core): always the stream path.
const BIG = { text: 'a reply long enough to be gzipped through a stream '.repeat(2000) };

function gzipGet(url: string): Promise<{ encoding: unknown; body: unknown }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve({
            encoding: res.headers['content-encoding'],
            body: JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')),
          });
        } catch (error) {
          reject(error);
        }
      });
    })
      .on('error', reject)
      .end();
  });
}

describe('async handlers that send their reply and return nothing', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = Fastify();
    registerSentReplies(app);
    await app.register(fastifyCompress, { global: true });
    app.get('/plain', async (_request, reply) => {
      void reply.send(BIG);
    });
    const publicGuard = { guard: async () => undefined } as unknown as Authenticator;
    registerRoutes(
      app,
      [
        defineRoute({
          method: 'GET',
          url: '/api/own-reply',
          guard: 'public',
          tag: 'meta',
          summary: 'sends its own reply',
          handler: async ({ reply }) => {
            void reply.send(BIG);
          },
        }),
      ],
      publicGuard,
    );
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app?.close());

  it.each(['/plain', '/api/own-reply'])('%s arrives whole, gzipped', async (path) => {
    const reply = await gzipGet(`${url}${path}`);
    expect(reply.encoding).toBe('gzip');
    expect(reply.body).toEqual(BIG);
  });
});
