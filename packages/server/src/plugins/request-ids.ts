// Request ids (issue 15): every reply carries `X-Request-Id`, every refusal envelope repeats it as
// `request_id`, and every log line of the request has it as `reqId` (Fastify's child logger), so an
// operator can go from a user's error message to the server's log lines.
import type { FastifyInstance } from 'fastify';

/** Adds the header to every reply and the id to every `{success: false}` envelope. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Before serialization, so every refusal built anywhere (the error handler, the rate limiter, a route
  // that answers a failure itself) gets it without each of them knowing.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (payload && typeof payload === 'object' && (payload as { success?: unknown }).success === false) {
      const envelope = payload as Record<string, unknown>;
      if (envelope.request_id === undefined) return { ...envelope, request_id: request.id };
    }
    return payload;
  });
}
