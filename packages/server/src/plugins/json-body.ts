// JSON bodies: an empty body counts as no body (clients send DELETE with a JSON content type), and a
// malformed one is refused with a clear message by the error handler. A parsed body is walked once for
// NUL, invalid Unicode and too deep nesting before any route code (which recurses) sees it.
import type { FastifyInstance } from 'fastify';
import { assertWellFormedInput } from '@gw/core';

/** Replaces Fastify's JSON parser with one that accepts an empty body. */
export function registerJsonParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    strict(request, String(body), (error, parsed) => {
      if (error) return done(error, undefined);
      try {
        assertWellFormedInput(parsed);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      done(null, parsed);
    });
  });
}
