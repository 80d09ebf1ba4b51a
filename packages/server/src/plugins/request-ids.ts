// Request ids (issue 15): every reply carries `X-Request-Id`, every refusal envelope repeats it as
// `request_id`, and every log line of the request has it as `reqId` (Fastify's child logger), so an
// operator can go from a user's error message to the server's log lines.
import type { FastifyInstance } from 'fastify';

/** Adds the header to every reply and the id to every `{success: false}` envelope. */
export function registerRequestIds(app: FastifyInstance): void {
  // Callback-style hooks throughout: an async hook costs a promise per request on every route.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Before serialization, so every refusal built anywhere (the error handler, the rate limiter, a route
  // that answers a failure itself) gets it without each of them knowing.
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (payload && typeof payload === 'object' && (payload as { success?: unknown }).success === false) {
      const envelope = payload as Record<string, unknown>;
      if (envelope.request_id === undefined) return done(null, { ...envelope, request_id: request.id });
    }
    done(null, payload);
  });
}
