// Registers the route table: guard, input validation with core's schemas, then the envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMITS } from '../shared/body-limits.js';
import { languageFromHeader, translatorFor } from '../shared/language.js';
import type { AnyRoute } from '../shared/route.js';
import { parseInput } from '../shared/validate.js';
import type { Authenticator } from './auth.js';
import { replyStarted } from './sent-replies.js';

/** Both spellings of a path: one-hub's console calls some with and some without a trailing slash. */
function pathForms(url: string): string[] {
  // A trailing wildcard (`/api/prices/single/*`) already takes any rest of the path.
  if (url === '/' || url.endsWith('*')) return [url];
  const bare = url.replace(/\/+$/, '');
  return [bare, `${bare}/`];
}

/** Adds every route of the table to the app. */
export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[], auth: Authenticator): void {
  for (const route of routes) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      const user = await auth.guard(request, route.guard);
      // A path that names no possible record (an id that is not a positive int32) is a bad request (issue 8).
      const params = route.params ? parseInput(route.params, request.params, 400) : undefined;
      const query = route.query ? parseInput(route.query, request.query) : undefined;
      const body = route.body ? parseInput(route.body, request.body) : undefined;
      const data = await route.handler({
        body,
        query,
        params,
        user,
        language,
        t: translatorFor(language),
        request,
        reply,
      });
      // A handler that sent its own reply (the OpenAPI document is not enveloped) returns the reply; one
      // that sent it and returned nothing gets no envelope on top either.
      if (data === reply || reply.sent || replyStarted(reply)) return reply;
      return data === undefined ? { success: true, message: '' } : { success: true, message: '', data };
    };
    for (const url of pathForms(route.url)) {
      app.route({ method: route.method, url, handler, bodyLimit: route.bodyLimit ?? BODY_LIMITS.standard });
    }
  }
}
