// The one error handler (architecture §5): refusals become the envelope with a code and per-field errors;
// anything unexpected is logged with the request id and answered with a generic message.
import { ERROR_CODES, type Translate } from '@gw/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../shared/api-failure.js';
import { languageFromHeader, translatorFor } from '../shared/language.js';
import { MAX_INPUT_DEPTH, MalformedInputError } from '@gw/core';

/** The envelope of a refusal, translated into the caller's language. */
export function failureBody(failure: ApiFailure, t: Translate) {
  const errors = failure.fields.map((field) => ({
    field: field.field,
    key: field.key,
    message: t(field.key, field.params ?? { field: field.field }),
  }));
  const message =
    failure.code === 'VALIDATION_FAILED' && errors.length > 0
      ? errors.map((error) => error.message).join('; ')
      : t(failure.messageKey, failure.params);
  return {
    success: false,
    message,
    code: failure.code,
    ...(errors.length > 0 ? { errors } : {}),
  };
}

function translatorOf(request: FastifyRequest): Translate {
  return translatorFor(languageFromHeader(request.headers['accept-language']));
}

/** A NUL, invalid Unicode or too deep nesting: 400 naming the field (issue 8). */
export function malformedInputFailure(error: MalformedInputError): ApiFailure {
  const key = `validation.input.${error.problem === 'depth' ? 'too_deep' : error.problem}`;
  const params = { field: error.field, max: MAX_INPUT_DEPTH };
  return new ApiFailure('VALIDATION_FAILED', key, {
    params,
    fields: [{ field: error.field, key, message: key, params }],
    httpStatus: 400,
  });
}

/** Maps Fastify's own request errors (bad JSON, wrong content type, too large) to refusals. */
function failureFromFastify(error: FastifyError, request: FastifyRequest): ApiFailure | undefined {
  if (error instanceof MalformedInputError) return malformedInputFailure(error);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiFailure('VALIDATION_FAILED', 'errors.invalid_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The route's own limit (issue 15), named in KiB so the caller knows what fits.
      return new ApiFailure('VALIDATION_FAILED', 'server.errors.body_too_large', {
        httpStatus: 413,
        params: { limit: Math.floor(request.routeOptions.bodyLimit / 1024) },
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiFailure('VALIDATION_FAILED', 'server.errors.bad_request_body', {
        httpStatus: error.statusCode ?? 400,
      });
    // A static path the file layer will not serve (`..`, NUL, an over-long name) is simply not there.
    case 'FST_STATIC_FORBIDDEN_PATH':
      return new ApiFailure('NOT_FOUND', 'errors.not_found', { httpStatus: 404 });
    default:
      // Any other refusal of Fastify or its plugins is the client's fault, not an internal error.
      if (
        error.code?.startsWith('FST_') &&
        error.statusCode &&
        error.statusCode >= 400 &&
        error.statusCode < 500
      ) {
        return new ApiFailure('VALIDATION_FAILED', 'server.errors.bad_request', {
          httpStatus: error.statusCode,
        });
      }
      return undefined;
  }
}

/** The envelope 404 of an unknown `/api` path (issue 15: every /api reply is the envelope). */
export function routeNotFoundBody(method: string, url: string, t: Translate) {
  const path = url.split('?')[0] ?? url;
  return { success: false, message: t('errors.route_not_found', { method, path }), code: 'NOT_FOUND' };
}

/** The OpenAI-style 404 of unknown relay (`/v1`) paths (contract §0.1). */
export function invalidUrlBody(method: string, url: string) {
  const path = url.split('?')[0] ?? url;
  return {
    error: {
      message: `Invalid URL (${method} ${path})`,
      type: 'invalid_request_error',
      param: '',
      code: '',
    },
  };
}

/** Installs the error handler. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const failure = error instanceof ApiFailure ? error : failureFromFastify(error, request);
    if (failure) {
      // A refusal that names its wait says it the standard way too.
      if (failure.code === 'RATE_LIMITED' && typeof failure.params.seconds === 'number') {
        reply.header('retry-after', String(failure.params.seconds));
      }
      return reply.status(failure.httpStatus).send(failureBody(failure, translatorOf(request)));
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    const t = translatorOf(request);
    return reply.status(ERROR_CODES.INTERNAL.http).send({
      success: false,
      message: t('server.errors.internal', { requestId: request.id }),
      code: 'INTERNAL',
    });
  });
}
