// The relay's HTTP surface (behaviour spec §2.2): the OpenAI-compatible `/v1` routes and the native
// Claude and Gemini paths, in their own Fastify scope (multipart bodies, OpenAI-shaped errors; relayed
// replies and streams are written raw, so only error replies are compressed). Unknown `/v1` paths
// answer the OpenAI-shaped 404 of §2.1.4.
import { translate } from '@gw/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RelayCaller } from '../pipeline/authenticate.js';
import type { createRelayHandler, RelayRoute } from '../pipeline/relay-handler.js';
import { newRequestId } from '../pipeline/relay-error.js';
import type { RelayState } from '../pipeline/relay-state.js';
import { CLAUDE_NATIVE_TYPES, GEMINI_NATIVE_TYPES } from '../providers/registry.js';
import type { RelayBillingHandlers } from './relay-billing.js';
import { BIG_BODY_CHARS, takeTurn } from '../pipeline/big-body-turns.js';
import {
  geminiPathModel,
  parseMultipartBody,
  parseRelayJson,
  parseRelayJsonInTurns,
  relayRefusalMessage,
} from './relay-body.js';
import type { RelayModelsHandlers } from './relay-models.js';
import { type PassThroughDeps, registerPassThroughRoutes } from './pass-through.js';
import { type MidjourneyRouteDeps, registerMidjourneyRoutes } from './midjourney-routes.js';
import { registerTaskRoutes, type TaskRouteDeps } from './task-routes.js';
import { decodeBody } from '../../plugins/utf8-input.js';

const OPENAI_ROUTES: Array<[string, RelayRoute]> = [
  ['/v1/chat/completions', { operation: 'chat', surface: 'openai', dialect: 'openai' }],
  ['/v1/completions', { operation: 'completions', surface: 'openai', dialect: 'openai' }],
  ['/v1/embeddings', { operation: 'embeddings', surface: 'openai', dialect: 'openai' }],
  ['/v1/images/generations', { operation: 'images', surface: 'openai', dialect: 'openai' }],
  ['/v1/images/edits', { operation: 'image-edits', surface: 'openai', dialect: 'openai' }],
  ['/v1/images/variations', { operation: 'image-variations', surface: 'openai', dialect: 'openai' }],
  ['/v1/audio/speech', { operation: 'speech', surface: 'openai', dialect: 'openai' }],
  ['/v1/audio/transcriptions', { operation: 'transcription', surface: 'openai', dialect: 'openai' }],
  ['/v1/audio/translations', { operation: 'translation', surface: 'openai', dialect: 'openai' }],
  ['/v1/moderations', { operation: 'moderations', surface: 'openai', dialect: 'openai' }],
  ['/v1/responses', { operation: 'responses', surface: 'openai', dialect: 'openai' }],
  // Rerank keeps OpenAI key auth but answers errors as `{"detail": …}` (spec §2.2, §7.3).
  ['/v1/rerank', { operation: 'rerank', surface: 'openai', dialect: 'rerank' }],
];

const CLAUDE_ROUTE: RelayRoute = {
  operation: 'claude-messages',
  surface: 'claude',
  dialect: 'claude',
  types: CLAUDE_NATIVE_TYPES,
  toggle: 'claude',
};
const GEMINI_ROUTE: RelayRoute = {
  operation: 'gemini-generate',
  surface: 'gemini',
  dialect: 'gemini',
  types: GEMINI_NATIVE_TYPES,
  toggle: 'gemini',
};

type Handler = ReturnType<typeof createRelayHandler>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The relay's `X-Oneapi-Request-Id` for this request (set on every relay route). */
    relayRequestId: string;
    /** The caller, once the relay routes' onRequest hook accepted the key (before the body is read). */
    relayCaller: RelayCaller | undefined;
    /** The JSON body is big enough that its costly steps take turns on the event loop (big-body-turns.ts). */
    relayBigBody: boolean;
  }
}

export async function registerRelayRoutes(
  app: FastifyInstance,
  handle: Handler,
  models: RelayModelsHandlers,
  billing: RelayBillingHandlers,
  state: RelayState,
  passThrough: Omit<PassThroughDeps, 'authenticate' | 'state'>,
  midjourney: Omit<MidjourneyRouteDeps, 'state'>,
  tasks: Omit<TaskRouteDeps, 'state'>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.decorateRequest('relayRequestId', '');
    scope.decorateRequest('relayCaller', undefined);
    scope.decorateRequest('relayBigBody', false);
    // Relay bodies are parsed with plain JSON.parse: the management API's prototype-poisoning scan costs
    // a pass over every (large) prompt, and the relay never merges a body into an object's prototype.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer;
      if (raw.length >= BIG_BODY_CHARS) {
        request.relayBigBody = true;
        parseRelayJsonInTurns(raw, takeTurn).then(
          (parsed) => done(null, parsed),
          (error: Error) => done(error, undefined),
        );
        return;
      }
      const { text, utf8 } = decodeBody(raw);
      if (text.trim() === '') return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = parseRelayJson(text, utf8);
      } catch (error) {
        return done(error as Error, undefined);
      }
      done(null, parsed);
    });
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
      parseMultipartBody(String(request.headers['content-type'] ?? ''), body as Buffer).then(
        (form) => done(null, form),
        (error: Error) => done(error),
      );
    });
    scope.setErrorHandler(
      (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
        // Body parsing failures (bad JSON, too large) in the OpenAI shape (spec §2.2 rule 4).
        const language = state.options().language;
        const status =
          error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        const message =
          relayRefusalMessage(language, error) ??
          (status === 500 ? translate(language, 'relay.request.internal') : error.message);
        const text = `${message} (request id: ${request.relayRequestId})`;
        // Rerank clients read `{"detail": …}` (spec §7.3), even for a body that could not be parsed.
        if (request.routeOptions.url === '/v1/rerank') return void reply.code(status).send({ detail: text });
        void reply.code(status).send({
          error: { message: text, type: 'one_hub_error', code: 'one_hub_error' },
        });
      },
    );
    // Any origin may call the relay from a browser (spec §2.1.2): keys, not cookies, authenticate it.
    scope.addHook('onRequest', (request, reply, done) => {
      // Every relay reply carries its request id (spec §2.1.1); errors repeat it in their message.
      // The request's own id (app.ts makes it in the same form), so X-Request-Id, the logs and the ledger
      // all name one id.
      request.relayRequestId = request.id || newRequestId();
      reply.header('x-oneapi-request-id', request.relayRequestId);
      reply.header('access-control-allow-origin', request.headers.origin ?? '*');
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
      done();
    });
    const preflight = (request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header(
          'access-control-allow-headers',
          String(request.headers['access-control-request-headers'] ?? '*'),
        )
        .header('access-control-max-age', '86400')
        .send();
    };
    for (const url of ['/v1/*', '/claude/*', '/gemini/*']) scope.options(url, preflight);
    // Every relay call already leaves a consume log; two access-log lines each would also push the
    // operator's own server messages out of the system log ring within seconds.
    const logLevel = 'warn' as const;
    // The key is checked before the body is read: a bad key gets its 401 even with a broken, malformed
    // multipart or oversized body, and an unauthenticated client costs no parsing (issue 8).
    const authenticated = (route: RelayRoute) => ({
      logLevel,
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        request.relayCaller = await handle.authenticate(request, reply, route);
        if (!request.relayCaller) return reply;
      },
    });
    for (const [url, route] of OPENAI_ROUTES) {
      scope.post(url, authenticated(route), (request, reply) => handle(request, reply, route));
    }
    scope.post('/claude/v1/messages', authenticated(CLAUDE_ROUTE), (request, reply) =>
      handle(request, reply, CLAUDE_ROUTE),
    );
    scope.post('/gemini/:version/models/*', authenticated(GEMINI_ROUTE), (request, reply) => {
      const params = request.params as { version: string; '*': string };
      const [model = '', action = 'generateContent'] = params['*'].split(':');
      return handle(request, reply, GEMINI_ROUTE, {
        model: geminiPathModel(model),
        // Without alt=sse Google streams a JSON array; the gateway answers in the shape the client asked for.
        gemini: { version: params.version, action, sse: (request.query as { alt?: unknown }).alt === 'sse' },
      });
    });
    for (const prefix of ['', '/v1']) {
      scope.get(`${prefix}/dashboard/billing/subscription`, (request, reply) =>
        billing.subscription(request, reply),
      );
      scope.get(`${prefix}/dashboard/billing/usage`, (request, reply) => billing.usage(request, reply));
    }
    await registerPassThroughRoutes(scope, { ...passThrough, state, authenticate: handle.authenticate });
    registerMidjourneyRoutes(scope, handle, { ...midjourney, state });
    registerTaskRoutes(scope, handle, { ...tasks, state });
    scope.get('/v1/models', (request, reply) => models.list(request, reply));
    scope.get('/v1/models/:model', (request, reply) => models.one(request, reply));
    const unknownPath = (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? request.url;
      void reply.code(404).send({
        error: {
          message: translate(state.options().language, 'relay.request.invalid_url', {
            method: request.method,
            path,
          }),
          type: 'invalid_request_error',
          code: '',
        },
      });
    };
    // Answered in onRequest, before any body is read: an unknown path is refused whatever it carries
    // (a broken multipart or a huge JSON body cost no parsing and cannot turn the 404 into a 400).
    scope.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'],
      url: '/v1/*',
      onRequest: async (request, reply) => {
        unknownPath(request, reply);
        return reply;
      },
      handler: unknownPath,
    });
  });
}
