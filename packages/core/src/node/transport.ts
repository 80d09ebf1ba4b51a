import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import type { FetchLike } from '../http/client.js';
import { CookieJar } from './cookie-jar.js';

// Loaded with require: an ESM import of node:http builds a facade of every export, which loads
// Node's whole fetch stack (its lazy WebSocket and fetch getters) for nothing.
const require = createRequire(import.meta.url);
const requestOf = (protocol: string): typeof Http.request =>
  protocol === 'https:' ? require('node:https').request : require('node:http').request;

/** How long a server may take to send its reply's headers, then its body, in milliseconds. */
const HEADERS_TIMEOUT_MS = 30_000;
const BODY_TIMEOUT_MS = 60_000;

/** A network failure with Node's `code` (`ECONNREFUSED`, `ETIMEDOUT`…), as the screens show it. */
function timeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: 'ETIMEDOUT' });
}

/**
 * A fetch-like transport over `node:http(s)` that keeps cookies in `jar` (Node faces: CLI and TUI).
 * Not undici, nor Node's global fetch (which is undici): loading it is a megabyte of code, a fifth of
 * the terminal console's start.
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
          () => response.destroy(timeoutError(`no reply body within ${BODY_TIMEOUT_MS / 1000} s`)),
          BODY_TIMEOUT_MS,
        );
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          clearTimeout(bodyTimer);
          reject(error);
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
        () => request.destroy(timeoutError(`no reply within ${HEADERS_TIMEOUT_MS / 1000} s`)),
        HEADERS_TIMEOUT_MS,
      );
      request.on('error', (error) => {
        clearTimeout(headersTimer);
        reject(error);
      });
      request.end(init.body);
    });
}
