// How long a client may take to send its request (issue 8, item 11). Fastify leaves Node's
// `requestTimeout` off, so a body trickled one byte a second held its socket for ever. Node counts
// `requestTimeout` only until the request has been received in full: a reply that streams for an hour
// (a long reasoning stream) is never cut by it. Node answers a late request with 408 and closes.
import type { ServerOptions } from 'node:http';
import type { ServerConfig } from '../config.js';

// Node looks for late requests on a timer, every 30 s by default; a quarter of the shortest limit keeps
// the drop close to the limit (short limits in tests too) without a timer that fires too often.
const MAX_CHECK_MS = 30_000;
const MIN_CHECK_MS = 100;

/** The Fastify server options for the client limits of the config. */
export function clientTimeoutOptions(
  config: Pick<ServerConfig, 'clientRequestTimeoutSeconds' | 'clientHeadersTimeoutSeconds'>,
): { requestTimeout: number; http: ServerOptions } {
  const requestTimeout = Math.round(config.clientRequestTimeoutSeconds * 1000);
  const headersTimeout = Math.round(config.clientHeadersTimeoutSeconds * 1000);
  const connectionsCheckingInterval = Math.min(
    MAX_CHECK_MS,
    Math.max(MIN_CHECK_MS, Math.round(headersTimeout / 4)),
  );
  // Fastify copies its own `requestTimeout` onto the server after creating it, so both are set.
  return { requestTimeout, http: { requestTimeout, headersTimeout, connectionsCheckingInterval } };
}
