import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import type { FetchLike } from '../http/client.js';
import { CookieJar } from './cookie-jar.js';

// Loaded with require: an ESM import of node:http builds a facade of every export, which loads
// Node's whole fetch stack (its lazy WebSocket and fetch getters) for nothing.
const require = createRequire(import.meta.url);
/** `node:http`'s or `node:https`'s request, by the URL's protocol. */
export const requestOf = (protocol: string): typeof Http.request =>
  protocol === 'https:' ? require('node:https').request : require('node:http').request;

/** How long a server may take to accept the connection, to send its reply's headers, then its body (ms). */
const CONNECT_TIMEOUT_MS = 10_000;
const HEADERS_TIMEOUT_MS = 30_000;
const BODY_TIMEOUT_MS = 60_000;

/** A transport failure that names what went wrong in the network (`ECONNREFUSED`, `ETIMEDOUT`…). */
export class TransportError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'TransportError';
    this.code = code;
  }
}

/** Node's network errors carry a `code`; anything else is kept under its message. */
export function transportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new TransportError(typeof code === 'string' ? code : 'EUNKNOWN', message);
}

/**
 * A fetch-like transport over `node:http(s)` that keeps cookies in `jar` (a password sign-in's
 * session), for the Node faces (CLI and TUI). Not Node's global fetch (undici): loading it is a
 * megabyte of code, a fifth of the terminal console's start and double a short command's time.
 * Every stage is timed out, so an unresponsive server cannot hang a command or a screen.
 */
export function createNodeFetch(jar: CookieJar = new CookieJar()): FetchLike {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const headers: Record<string, string> = { ...init.headers };
      const cookie = jar.header();
      if (cookie) headers.cookie = cookie;
      if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
      let headersTimer: NodeJS.Timeout | undefined;
      const request = requestOf(target.protocol)(target, { method: init.method, headers }, (response) => {
        clearTimeout(headersTimer);
        jar.store(response.headers['set-cookie']);
        const bodyTimer = setTimeout(
          () => response.destroy(timedOut(`no reply body within ${BODY_TIMEOUT_MS / 1000} s`)),
          BODY_TIMEOUT_MS,
        );
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          clearTimeout(bodyTimer);
          reject(transportError(error));
        });
        response.on('end', () => {
          clearTimeout(bodyTimer);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            text: async () => text,
            headers: {
              get: (name: string) => {
                const value = response.headers[name.toLowerCase()];
                return (Array.isArray(value) ? value[0] : value) ?? null;
              },
            },
          });
        });
      });
      headersTimer = setTimeout(
        () => request.destroy(timedOut(`no reply within ${HEADERS_TIMEOUT_MS / 1000} s`)),
        HEADERS_TIMEOUT_MS,
      );
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(() => request.destroy(timedOut('connection timed out')), CONNECT_TIMEOUT_MS);
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      request.on('error', (error) => {
        clearTimeout(headersTimer);
        reject(transportError(error));
      });
      request.end(init.body);
    });
}

function timedOut(message: string): TransportError {
  return new TransportError('ETIMEDOUT', message);
}
