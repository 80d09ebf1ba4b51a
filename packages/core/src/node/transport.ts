import { request } from 'undici';
import type { FetchLike } from '../http/client.js';

/** Cookies a Node client keeps between calls (the `session` cookie after a password sign-in). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Records the `name=value` part of each Set-Cookie header; an expired or empty value removes it. */
  store(setCookie: string | string[] | undefined): void {
    const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const header of headers) {
      const [pair, ...attributes] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=(0|-\d+)\s*$/i.test(attribute));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The Cookie request header, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

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
