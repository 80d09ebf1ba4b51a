// Per-IP limits on the management API (spec §13.2): GlobalAPI on every /api request, Critical on top of it on
// the routes that send mail or check passwords. A denied /api request gets 429 in the envelope with the wait
// (issue 15: every /api reply is the envelope; one-hub sent an empty body), a failing store 500 likewise;
// /dashboard/billing keeps one-hub's empty bodies.
//
// The client IP is the configured trusted header, else the socket address. one-hub also trusted
// X-Forwarded-For / X-Real-IP from any peer (spec §2.1.3 quirk), so anyone could dodge these limits by
// sending a fresh header each time; here those headers count only when named as TRUSTED_HEADER.
import type { ErrorCode } from '@gw/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromHeader, translatorFor } from '../shared/language.js';
import type { ServerConfig } from '../config.js';
import type { IpRateLimiter } from '../rate-limit/limiters.js';

export const GLOBAL_API_MARK = 'GA';
export const GLOBAL_API_WINDOW_SECONDS = 180;
export const CRITICAL_MARK = 'CT';
export const CRITICAL_WINDOW_SECONDS = 1200;

/** Routes under the Critical limiter, as `METHOD path` (WebAuthn sign-in too, as one-hub). */
export const CRITICAL_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/user/login',
  'POST /api/user/register',
  'GET /api/verification',
  'GET /api/reset_password',
  'POST /api/user/reset',
  'GET /api/oauth/state',
  'GET /api/oauth/github',
  'GET /api/oauth/lark',
  'GET /api/oauth/oidc',
  'GET /api/oauth/endpoint',
  'GET /api/oauth/wechat',
  'POST /api/webauthn/login/begin',
  'POST /api/webauthn/login/finish',
]);

/** One limit to check: its mark, the most requests, the window in seconds. */
type IpCheck = [mark: string, max: number, windowSeconds: number];

export type IpRateLimitConfig = Pick<
  ServerConfig,
  'globalApiRateLimit' | 'criticalRateLimit' | 'trustedHeader'
>;

/** Adds the limits as an onRequest hook of the whole app; call before the routes are registered. */
export function registerIpRateLimit(
  app: FastifyInstance,
  config: IpRateLimitConfig,
  limiter: IpRateLimiter,
): void {
  if (config.globalApiRateLimit <= 0 && config.criticalRateLimit <= 0) return;
  // Callback style: most requests (every relay call) match no limit and go on without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const path = routePath(request);
    const checks: IpCheck[] = [];
    if (config.globalApiRateLimit > 0 && underGlobalApi(path)) {
      checks.push([GLOBAL_API_MARK, config.globalApiRateLimit, GLOBAL_API_WINDOW_SECONDS]);
    }
    if (config.criticalRateLimit > 0 && CRITICAL_ROUTES.has(`${request.method} ${path}`)) {
      checks.push([CRITICAL_MARK, config.criticalRateLimit, CRITICAL_WINDOW_SECONDS]);
    }
    if (checks.length === 0) return done();
    limitByIp(request, reply, path, checks).then((refused) => {
      if (!refused) done();
    }, done);
  });

  /** Runs the checks; sends the refusal (429, or 500 when the store fails) and returns true when refused. */
  async function limitByIp(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    checks: readonly IpCheck[],
  ): Promise<boolean> {
    const ip = clientIp(request, config.trustedHeader);
    try {
      for (const [mark, max, windowSeconds] of checks) {
        if (!(await limiter.allow(mark, ip, max, windowSeconds))) {
          const wait = await limiter.retryAfterSeconds(mark, ip, max, windowSeconds);
          reply.code(429).header('retry-after', String(wait));
          reply.send(
            envelopeFor(path, request, 'RATE_LIMITED', 'errors.too_many_requests_retry', { seconds: wait }),
          );
          return true;
        }
      }
    } catch (error) {
      request.log.error({ err: error }, 'the per-IP rate limiter failed');
      reply
        .code(500)
        .send(envelopeFor(path, request, 'INTERNAL', 'server.errors.internal', { requestId: request.id }));
      return true;
    }
    return false;
  }
}

/** The envelope of a refusal on /api; nothing (one-hub's empty body) elsewhere. */
function envelopeFor(
  path: string,
  request: FastifyRequest,
  code: ErrorCode,
  key: string,
  params: Record<string, unknown>,
) {
  if (!(path === '/api' || path.startsWith('/api/'))) return undefined;
  const t = translatorFor(languageFromHeader(request.headers['accept-language']));
  return { success: false, message: t(key, params), code };
}

/** The trusted header's first value when one is configured and present, else the socket address. */
export function clientIp(request: FastifyRequest, trustedHeader: string | undefined): string {
  if (trustedHeader) {
    const header = request.headers[trustedHeader];
    const value = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    if (value) return value;
  }
  return request.socket.remoteAddress ?? request.ip;
}

/**
 * The matched route's pattern when there is one (so an encoded or slash-suffixed spelling of a path cannot
 * dodge the Critical list), else the raw path; without a trailing slash.
 */
function routePath(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * /api and /dashboard/billing, except metrics and the Telegram webhook (one-hub exempts both) and the
 * health checks a load balancer polls.
 */
function underGlobalApi(path: string): boolean {
  if (path.startsWith('/api/metrics') || path.startsWith('/api/telegram/')) return false;
  if (path === '/api/health' || path.startsWith('/api/health/')) return false;
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/dashboard/billing/');
}
