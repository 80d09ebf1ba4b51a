import { ApiClient, type FetchLike, normalizeServerUrl } from '@gw/core';
import type { CookieJar } from '@gw/core/node';
import { resolveCredentials, type ResolvedCredentials } from '../config/credentials.js';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from './context.js';
import { debugFetch } from './debug-fetch.js';
import { dryRunFetch } from './dry-run.js';
import { createNodeFetch } from '@gw/core/node';

/** Reads a server URL given on the command line or in `GW_SERVER` (core's rule); exit 2 when it is not one. */
export function checkedServerUrl(text: string): string {
  const server = normalizeServerUrl(text);
  if (!server) throw new CliError('usage', 'cli.errors.bad_server', { server: text });
  return server;
}

export interface ClientOptions {
  accessToken?: string;
  /** Keeps the session cookie of a password sign-in. */
  jar?: CookieJar;
  /** Print the first change instead of sending it (`--dry-run`). */
  dryRun?: boolean;
  /** The transport under the debug and dry-run layers (tests). */
  fetch?: FetchLike;
}

/**
 * The CLI's transport: node:http, each request remembered (so a failure can name the server), logged
 * under GW_DEBUG=api, and held back under --dry-run.
 */
export function cliFetch(
  ctx: CliContext,
  options: Pick<ClientOptions, 'jar' | 'dryRun' | 'fetch'> = {},
): FetchLike {
  const transport = options.fetch ?? createNodeFetch(options.jar);
  const tracked: FetchLike = (url, init) => {
    ctx.lastRequest = { method: init.method, url };
    return transport(url, init);
  };
  const fetch = debugFetch(ctx, tracked);
  return options.dryRun ? dryRunFetch(ctx, fetch) : fetch;
}

/** A client for `server` in the CLI's language; the server is named in any failure to reach it. */
export function createClient(ctx: CliContext, server: string, options: ClientOptions = {}): ApiClient {
  const fetch = cliFetch(ctx, options);
  return new ApiClient({
    baseUrl: checkedServerUrl(server),
    fetch,
    accessToken: () => options.accessToken,
    language: () => ctx.language,
  });
}

/** The credentials of the profile in use, with GW_SERVER and GW_TOKEN laid over them. */
export function currentCredentials(ctx: CliContext): ResolvedCredentials {
  return resolveCredentials(ctx.profiles, ctx.env, ctx.profileFlag);
}

/** A client for commands that need a signed-in user; exit 4 when there is no server or token. */
export function signedInClient(
  ctx: CliContext,
  options: { dryRun?: boolean } = {},
): { client: ApiClient; credentials: ResolvedCredentials } {
  const credentials = currentCredentials(ctx);
  if (!credentials.accessToken || !credentials.server) {
    throw new CliError('auth', 'cli.errors.not_signed_in', { profile: credentials.profile });
  }
  const client = createClient(ctx, credentials.server, {
    accessToken: credentials.accessToken,
    dryRun: options.dryRun,
  });
  return { client, credentials };
}
