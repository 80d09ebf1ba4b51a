import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import type { FetchLike } from '@gw/core';
import { CookieJar } from '@gw/core/node';

// Loaded with require: an ESM import of node:http builds a facade of every export, which loads
// Node's whole fetch stack (its lazy WebSocket and fetch getters) for nothing.
const require = createRequire(import.meta.url);
export const requestOf = (protocol: string): typeof Http.request =>
  protocol === 'https:' ? require('node:https').request : require('node:http').request;

/** How long a server may take to accept the connection and to answer, in milliseconds. */
const CONNECT_TIMEOUT_MS = 10_000;
const REPLY_TIMEOUT_MS = 60_000;

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
 * A fetch-like transport over `node:http(s)`: Node's global fetch loads its whole HTTP stack on the
 * first call, which would double the time of a short command. Cookies (a password sign-in's session)
 * are kept in `jar`.
 */
export function createHttpFetch(jar: CookieJar = new CookieJar()): FetchLike {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const headers: Record<string, string> = { ...init.headers };
      const cookie = jar.header();
      if (cookie) headers.cookie = cookie;
      if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
      const request = requestOf(target.protocol)(target, { method: init.method, headers }, (response) => {
        jar.store(response.headers['set-cookie']);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => reject(transportError(error)));
        response.on('end', () => {
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
      request.setTimeout(REPLY_TIMEOUT_MS, () =>
        request.destroy(new TransportError('ETIMEDOUT', `no answer within ${REPLY_TIMEOUT_MS / 1000} s`)),
      );
      request.on('socket', (socket) => {
        if (socket.connecting) {
          const timer = setTimeout(
            () => request.destroy(new TransportError('ETIMEDOUT', 'connection timed out')),
            CONNECT_TIMEOUT_MS,
          );
          socket.once('connect', () => clearTimeout(timer));
          socket.once('close', () => clearTimeout(timer));
        }
      });
      request.on('error', (error) => reject(transportError(error)));
      request.end(init.body);
    });
}
