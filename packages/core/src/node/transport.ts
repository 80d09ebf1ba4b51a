import { request } from 'undici';
import type { FetchLike } from '../http/client.js';
import { CookieJar } from './cookie-jar.js';

/** A fetch-like transport over undici that keeps cookies in `jar` (Node faces: CLI and TUI). */
export function createNodeFetch(jar: CookieJar = new CookieJar()): FetchLike {
  return async (url, init) => {
    const headers: Record<string, string> = { ...init.headers };
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    const response = await request(url, {
      method: init.method as 'GET',
      headers,
      body: init.body,
      headersTimeout: 30_000,
      bodyTimeout: 60_000,
    });
    jar.store(response.headers['set-cookie']);
    const text = await response.body.text();
    const replyHeaders = response.headers;
    return {
      status: response.statusCode,
      text: async () => text,
      headers: {
        get: (name: string) => {
          const value = replyHeaders[name.toLowerCase()];
          return (Array.isArray(value) ? value[0] : value) ?? null;
        },
      },
    };
  };
}
