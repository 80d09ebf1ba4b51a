// The boundary of every route (issue 8): path parameters and query strings are checked for NUL,
// invalid Unicode and percent-escapes that are not UTF-8 before any guard or handler reads them, and a path the router cannot decode (bad
// percent-encoding, a parameter over the length limit) is refused as 400 in the reply shape of its API
// — the envelope under /api and the web console, the OpenAI error shape on the relay's paths.
import { DEFAULT_LANGUAGE, translate } from '@gw/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromHeader, translatorFor } from '../shared/language.js';
import { findMalformedInput, MalformedInputError } from '@gw/core';
import { API_SECURITY_HEADERS } from './security-headers.js';
import { undecodableQueryField } from './utf8-input.js';

const RELAY_PATH = /^\/(v1|v1beta|claude|gemini|dashboard)(\/|\?|$)/;

/**
 * Checks path parameters and the query of every request, before its guard (body checks are in the
 * parsers). `preParsing`, not `onRequest`: the relay's own `onRequest` hook has then stamped the reply
 * with its request id and CORS headers, which its refusals carry like any other.
 */
export function registerInputBoundary(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const params = findMalformedInput(request.params);
    // A wildcard route (the web console's files) names its parameter `*`: the caller knows it as the path.
    if (params)
      return done(new MalformedInputError({ ...params, field: params.field.replace(/^\*/, 'path') }));
    const undecodable = undecodableQueryField(request.url);
    if (undecodable !== undefined)
      return done(new MalformedInputError({ field: undecodable, problem: 'encoding' }));
    const query = findMalformedInput(request.query);
    if (query) return done(new MalformedInputError(query));
    done(null, payload);
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode or a parameter longer than it allows
 * never reaches a route, so no error handler shapes it; this one does.
 */
export function badUrlReply(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (RELAY_PATH.test(request.url)) {
    // The relay speaks the site's language (its other refusals do), not the caller's.
    const language = request.server.gwRelay?.state.options().language ?? DEFAULT_LANGUAGE;
    void reply.code(400).send({
      error: {
        message: translate(language, 'relay.request.bad_url'),
        type: 'invalid_request_error',
        code: '',
      },
    });
    return;
  }
  const t = translatorFor(languageFromHeader(request.headers['accept-language']));
  // The router refuses before any hook runs: the headers an /api reply carries are set here.
  void reply
    .headers({ ...API_SECURITY_HEADERS, 'x-request-id': request.id })
    .code(400)
    .send({
      success: false,
      message: t('server.errors.bad_request'),
      code: 'VALIDATION_FAILED',
      request_id: request.id,
    });
}
