// Async handlers that call `reply.send()` and resolve to nothing. Fastify takes "resolved to undefined and
// the response has not ended" as "nothing was sent" and sends an empty reply on top. That is harmless when
// the first reply ends at once, but a payload that goes out asynchronously — @fastify/compress streams
// bodies above its sync threshold (8 KiB on two cores) through zlib — has not ended yet, so the client got
// `content-encoding: gzip` with `content-length: 0` (issue 8, item 3). Every handler is wrapped here: once
// a reply has started, the handler's promise waits for it instead of letting Fastify send a second one.
import type { FastifyInstance, FastifyReply, RouteHandlerMethod } from 'fastify';

const STARTED = Symbol('gw.replyStarted');

type MarkedReply = FastifyReply & { [STARTED]?: boolean };

/** Whether `reply.send()` has been called for this reply (its onSend hooks have begun). */
export function replyStarted(reply: FastifyReply): boolean {
  return (reply as MarkedReply)[STARTED] === true;
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | undefined)?.then === 'function';
}

/** Call before any route or onSend hook is added, so the mark is set before any asynchronous hook runs. */
export function registerSentReplies(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    (reply as MarkedReply)[STARTED] = true;
    done(null, payload);
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function sentReplyAware(request, reply) {
      const result = handler.call(this, request, reply);
      if (!isPromise(result)) return result;
      // Resolving to the reply (a thenable) waits until it has finished; Fastify then finds it sent.
      return result.then((value) => (value === undefined && replyStarted(reply) ? reply : value));
    };
  });
}
