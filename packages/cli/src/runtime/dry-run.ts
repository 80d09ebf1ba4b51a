import type { FetchLike } from '@gw/core';
import { GwApiError } from '@gw/core';
import type { CliContext } from './context.js';

/** Thrown by the dry-run transport in place of sending a change: the command stops there, exit 0. */
export class DryRunStop extends Error {
  constructor() {
    super('dry run: the request was not sent');
    this.name = 'DryRunStop';
  }
}

/** Whether a failure is a dry run stopping (the API client wraps what its transport throws). */
export function isDryRunStop(error: unknown): boolean {
  return error instanceof DryRunStop || (error instanceof GwApiError && error.cause instanceof DryRunStop);
}

/**
 * `--dry-run`: reads (GET) go to the server as usual, so the command can check what it would change;
 * the first request that would change something is printed instead of sent.
 */
export function dryRunFetch(ctx: CliContext, inner: FetchLike): FetchLike {
  return async (url, init) => {
    if (init.method === 'GET' || init.method === 'HEAD') return inner(url, init);
    ctx.write(`${init.method} ${url}\n`);
    if (init.body !== undefined) {
      let body = init.body;
      try {
        body = JSON.stringify(JSON.parse(init.body), null, 2);
      } catch {
        // sent as it is
      }
      ctx.write(`${body}\n`);
    }
    throw new DryRunStop();
  };
}
