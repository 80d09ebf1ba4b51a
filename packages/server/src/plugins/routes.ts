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

/** What `reply.send` answers while an audited handler's send is held (see registerRoutes). */
const HELD_SEND = Object.freeze({ heldForTheAuditTrail: true });

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
      if (!rule || !audit || !user) return (await run(request, reply, language, user)).out;
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
      // A handler that sends its own reply (a create answering 201) has that send held until the entry is
      // written, so a caller who reads the trail right after the reply finds it; the payload also names
      // the record the handler made. The reply's own send is back before anything else can send.
      let held: { payload: unknown } | undefined;
      const send = reply.send;
      // It answers a plain object, not the reply: the reply is a thenable, and the handler's promise
      // resolving to it would wait for the very send being held.
      reply.send = ((payload?: unknown) => {
        held = { payload };
        return HELD_SEND;
      }) as unknown as typeof reply.send;
      let result: unknown;
      try {
        // Boxed: the reply is a thenable, and awaiting it would wait for a send that is being held.
        result = (await run(request, reply, language, user)).out;
        if (held) result = undefined;
      } catch (error) {
        reply.send = send;
        await audit.trail.record({
          ...entry,
          resourceId: resourceIdOf(rule, raw()),
          success: false,
          error: errorCode(error),
        });
        throw error;
      }
      reply.send = send;
      const input = { ...raw(), data: plain(held ? held.payload : result).data };
      const afterId = (rule.target?.afterId ?? rule.target?.id)?.(input);
      const after = await audit.trail.snapshot(rule.target, afterId);
      await audit.trail.record({
        ...entry,
        resourceId: resourceIdOf(rule, input),
        changes: callChanges(input, before, after),
      });
      return held ? reply.send(held.payload) : result;
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
      if (data === reply || data === HELD_SEND || reply.sent || replyStarted(reply)) return { out: reply };
      return {
        out: data === undefined ? { success: true, message: '' } : { success: true, message: '', data },
      };
    };
    for (const url of pathForms(route.url)) {
      app.route({ method: route.method, url, handler, bodyLimit: route.bodyLimit ?? BODY_LIMITS.standard });
    }
  }
}
