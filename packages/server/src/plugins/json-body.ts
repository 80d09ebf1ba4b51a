// JSON bodies: an empty body counts as no body (clients send DELETE with a JSON content type), and a
// malformed one is refused with a clear message by the error handler.
import type { FastifyInstance } from 'fastify';

/** Replaces Fastify's JSON parser with one that accepts an empty body. */
export function registerJsonParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    strict(request, String(body), done);
  });
}
