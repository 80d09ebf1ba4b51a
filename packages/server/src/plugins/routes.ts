// Registers the route table: guard, input validation with core's schemas, then the envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUDIT_RULES, type AuditInput } from '../audit/audit-rules.js';
import { type AuditTrail, callChanges, plain, resourceIdOf } from '../audit/audit-trail.js';
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

/** Where administrative changes are recorded, and how the caller's address is read (audit/audit-trail.ts). */
export interface RouteAudit {
  trail: AuditTrail;
  ip: (request: FastifyRequest) => string;
}

/** The error code of a refusal, for the audit entry of a refused change. */
function errorCode(error: unknown): string {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : 'INTERNAL';
}

/** Adds every route of the table to the app; a route named in AUDIT_RULES is recorded in the audit trail. */
export function registerRoutes(
  app: FastifyInstance,
  routes: readonly AnyRoute[],
  auth: Authenticator,
  audit?: RouteAudit,
): void {
  for (const route of routes) {
    const rule = audit ? AUDIT_RULES[`${route.method} ${route.url}`] : undefined;
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      const user = await auth.guard(request, route.guard);
      // Only a caller the guard let through is an administrator making a change; the record is read before
      // the handler and again after it, and the entry written once it returned or refused.
      if (!rule || !audit || !user) return run(request, reply, language, user);
      const raw = (): AuditInput => ({
        body: plain(request.body),
        params: plain(request.params),
        query: plain(request.query),
      });
      const before = await audit.trail.snapshot(rule.target, rule.target?.id(raw()));
      const entry = {
        actor: { id: user.id, username: user.username, role: user.role },
        ip: audit.ip(request),
        action: rule.action,
        method: route.method,
        path: request.url.split('?')[0],
      };
      // A handler that sends its own reply (a create answering 201) returns the reply: what it sent is kept
      // here so the entry can name the record it made.
      let sent: unknown;
      const send = reply.send.bind(reply);
      reply.send = (payload?: unknown) => {
        sent = payload;
        return send(payload);
      };
      let result: unknown;
      try {
        result = await run(request, reply, language, user);
      } catch (error) {
        await audit.trail.record({
          ...entry,
          resourceId: resourceIdOf(rule, raw()),
          success: false,
          error: errorCode(error),
        });
        throw error;
      }
      const input = { ...raw(), data: plain(sent ?? result).data };
      const afterId = (rule.target?.afterId ?? rule.target?.id)?.(input);
      const after = await audit.trail.snapshot(rule.target, afterId);
      await audit.trail.record({
        ...entry,
        resourceId: resourceIdOf(rule, input),
        changes: callChanges(input, before, after),
      });
      return result;
    };
    const run = async (
      request: FastifyRequest,
      reply: FastifyReply,
      language: ReturnType<typeof languageFromHeader>,
      user: Awaited<ReturnType<Authenticator['guard']>>,
    ) => {
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
