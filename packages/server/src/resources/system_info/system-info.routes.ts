// POST /api/system_info/log and its /api/option/ twin (contract §1.15): the server's newest log lines.
import { systemLogQuerySchema, systemLogSchema } from '@gw/core';
import type { SystemLogRing } from '../../plugins/log-ring.js';
import { ApiFailure } from '../../shared/api-failure.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { parseInput } from '../../shared/validate.js';

const TAG = 'system_info';

/** one-hub answers a bad body here with HTTP 400; gw keeps that status and says which field is wrong. */
function parseCount(body: unknown): number {
  try {
    return parseInput(systemLogQuerySchema, body).count;
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    throw new ApiFailure(error.code, error.messageKey, {
      params: error.params,
      fields: error.fields,
      httpStatus: 400,
    });
  }
}

/** Both paths of the system log (the console calls `/api/system_info/log`). */
export function systemInfoRoutes(ring: SystemLogRing): AnyRoute[] {
  return ['/api/system_info/log', '/api/option/system_info/log'].map((url) =>
    defineRoute({
      method: 'POST',
      url,
      guard: 'root',
      tag: TAG,
      summary: 'The newest {count} lines of the server log as [{Timestamp, Level, Message}], oldest first',
      documentedBody: systemLogQuerySchema,
      reply: systemLogSchema,
      handler: ({ request }) => ring.newest(parseCount(request.body)),
    }),
  );
}
