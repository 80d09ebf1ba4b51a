// Liveness and readiness for load balancers and orchestrators (issue 15). Liveness says the process
// answers; readiness says it can serve: the database and, when configured, Redis answer within a short
// wait. A failing check is 503 in the envelope naming what failed (no connection details).
import { sql } from 'kysely';
import type { Redis } from '../../redis/connection.js';
import { ApiFailure } from '../../shared/api-failure.js';
import type { GwDb } from '../../db/database.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';

/** How long one check may take before the service counts as not ready. */
const CHECK_TIMEOUT_MS = 2000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The checks readiness runs; each resolves when its dependency answers. */
export function readinessChecks(db: GwDb, redis: Redis | undefined): Record<string, () => Promise<unknown>> {
  return {
    database: () => sql`select 1`.execute(db),
    ...(redis ? { redis: () => redis.ping() } : {}),
  };
}

export function healthRoutes(checks: Record<string, () => Promise<unknown>>): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/health',
      guard: 'public',
      tag: 'health',
      summary: 'Liveness: the process answers',
      handler: () => ({ status: 'ok' }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/health/ready',
      guard: 'public',
      tag: 'health',
      summary: 'Readiness: the database and Redis (when configured) answer; 503 naming what does not',
      handler: async ({ request }) => {
        const names = Object.keys(checks);
        const results = await Promise.allSettled(
          names.map((name) => withinTimeout(checks[name]?.() ?? Promise.resolve())),
        );
        const failed = names.filter((_, index) => results[index]?.status === 'rejected');
        if (failed.length > 0) {
          results.forEach((result, index) => {
            if (result.status === 'rejected')
              request.log.error({ err: result.reason }, `readiness: ${names[index]} failed`);
          });
          throw new ApiFailure('INTERNAL', 'server.errors.not_ready', {
            params: { failed: failed.join(', ') },
            httpStatus: 503,
          });
        }
        return { status: 'ready', checks: names };
      },
    }),
  ];
}
