// The built web console with history fallback, and the 404s of unknown API paths.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromHeader, translatorFor } from '../shared/language.js';
import { invalidUrlBody, routeNotFoundBody } from './errors.js';

function isApiPath(url: string): boolean {
  return /^\/api(\/|\?|$)/.test(url);
}

function isRelayPath(url: string): boolean {
  return /^\/(v1|v1beta)(\/|\?|$)/.test(url);
}

/** Serves `webDir` (when built) and answers every other unknown path. */
export async function registerStatic(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      setHeaders: (res: FastifyReply, path: string) => {
        // index.html names the hashed assets of the current build; it must never be cached.
        if (path.endsWith('index.html')) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const t = translatorFor(languageFromHeader(request.headers['accept-language']));
    if (isApiPath(request.url))
      return reply.status(404).send(routeNotFoundBody(request.method, request.url, t));
    if (isRelayPath(request.url)) return reply.status(404).send(invalidUrlBody(request.method, request.url));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(invalidUrlBody(request.method, request.url));
    }
    if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .status(404)
      .type('text/plain; charset=utf-8')
      .send(t('server.web_not_built', { dir: webDir }));
  });
}
