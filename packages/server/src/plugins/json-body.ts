// JSON bodies: an empty body counts as no body (clients send DELETE with a JSON content type), and a
// malformed one is refused with a clear message by the error handler. A body whose bytes are not UTF-8 is
// refused; a parsed body is walked once for NUL, invalid Unicode and too deep nesting before any route
// code (which recurses) sees it.
import type { FastifyInstance } from 'fastify';
import { assertWellFormedInput, undecodableInputError } from '@gw/core';
import { decodeBody } from './utf8-input.js';

/** Replaces Fastify's JSON parser with one that accepts an empty body. */
export function registerJsonParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const { text, utf8 } = decodeBody(body as Buffer);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    strict(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      // Bytes that are not UTF-8 were decoded as U+FFFD: refused, naming the field that holds them.
      if (!utf8) return done(undecodableInputError(parsed), undefined);
      try {
        assertWellFormedInput(parsed);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      done(null, parsed);
    });
  });
}
