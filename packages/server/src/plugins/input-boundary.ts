// The boundary of every route (issue 8): path parameters and query strings are checked for NUL and
// invalid Unicode before any guard or handler reads them, and a path the router cannot decode (bad
// percent-encoding, a parameter over the length limit) is refused as 400 in the reply shape of its API
// — the envelope under /api and the web console, the OpenAI error shape on the relay's paths.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromHeader, translatorFor } from '../shared/language.js';
import { assertWellFormedInput } from '../shared/malformed-input.js';

const RELAY_PATH = /^\/(v1|v1beta|claude|gemini|dashboard)(\/|\?|$)/;

/** Checks path parameters and the query of every request, before its guard (body checks are in the parsers). */
export function registerInputBoundary(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      assertWellFormedInput(request.params);
      assertWellFormedInput(request.query);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode or a parameter longer than it allows
 * never reaches a route, so no error handler shapes it; this one does.
 */
export function badUrlReply(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const t = translatorFor(languageFromHeader(request.headers['accept-language']));
  if (RELAY_PATH.test(request.url)) {
    void reply.code(400).send({
      error: { message: t('relay.request.bad_url'), type: 'invalid_request_error', code: '' },
    });
    return;
  }
  void reply
    .code(400)
    .send({ success: false, message: t('server.errors.bad_request'), code: 'VALIDATION_FAILED' });
}
