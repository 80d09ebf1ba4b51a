import { ApiClient, type FetchLike, normalizeServerUrl } from '@gw/core';
import { createNodeFetch } from '@gw/core/node';
import { resolveCredentials, type ResolvedCredentials } from '../config/credentials.js';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from './context.js';

/** Wraps a transport so `GW_DEBUG=api` logs each call (method, URL, status, time) to stderr; never headers. */
export function debugFetch(ctx: CliContext, inner: FetchLike): FetchLike {
  const topics = (ctx.env.GW_DEBUG ?? '').split(',').map((topic) => topic.trim());
  if (!topics.includes('api') && !topics.includes('1') && !topics.includes('true')) return inner;
  return async (url, init) => {
    const started = performance.now();
    ctx.note(ctx.paintErr('dim', `* ${init.method} ${url}`));
    try {
      const response = await inner(url, init);
      const elapsed = Math.round(performance.now() - started);
      ctx.note(ctx.paintErr('dim', `* ${response.status} ${init.method} ${url} (${elapsed} ms)`));
      return response;
    } catch (error) {
      ctx.note(ctx.paintErr('dim', `* ${init.method} ${url} failed: ${String(error)}`));
      throw error;
    }
  };
}

/** Reads a server URL given on the command line or in `GW_SERVER` (core's rule); exit 2 when it is not one. */
export function checkedServerUrl(text: string): string {
  const server = normalizeServerUrl(text);
  if (!server) throw new CliError('usage', 'cli.errors.bad_server', { server: text });
  return server;
}

/** A client for `server`, sending `accessToken` when given, in the CLI's language. */
export function createClient(
  ctx: CliContext,
  server: string,
  accessToken?: string,
  fetch: FetchLike = createNodeFetch(),
): ApiClient {
  return new ApiClient({
    baseUrl: checkedServerUrl(server),
    fetch: debugFetch(ctx, fetch),
    accessToken: () => accessToken,
    language: () => ctx.language,
  });
}

/** The stored (or environment) credentials. */
export function currentCredentials(ctx: CliContext): ResolvedCredentials {
  return resolveCredentials(ctx.credentials.read(), ctx.env);
}

/** A client for commands that need a signed-in user; exit 4 when there is no access token. */
export function signedInClient(ctx: CliContext): { client: ApiClient; credentials: ResolvedCredentials } {
  const credentials = currentCredentials(ctx);
  if (!credentials.accessToken) throw new CliError('auth', 'cli.errors.not_signed_in');
  return { client: createClient(ctx, credentials.server, credentials.accessToken), credentials };
}
