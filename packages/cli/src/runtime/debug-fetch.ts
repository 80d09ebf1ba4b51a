import type { FetchLike } from '@gw/core';
import type { CliContext } from './context.js';

/** Fields whose values never reach a debug log: passwords, keys and tokens. */
const SECRET_FIELD = /password|secret|access_token|^key$|^token$/i;
const BODY_LIMIT = 4000;

/** A JSON text with secret fields replaced by `***`; other text as it is, cut at BODY_LIMIT. */
export function redactBody(text: string): string {
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), (name, value) =>
      SECRET_FIELD.test(name) && typeof value === 'string' && value !== '' ? '***' : value,
    );
  } catch {
    // not JSON: shown as it is
  }
  return shown.length > BODY_LIMIT ? `${shown.slice(0, BODY_LIMIT)}…` : shown;
}

/** Whether `GW_DEBUG` asks for HTTP logging (`api`, or `1`/`true` for everything). */
export function debugsApi(env: Record<string, string | undefined>): boolean {
  const topics = (env.GW_DEBUG ?? '').split(',').map((topic) => topic.trim().toLowerCase());
  return topics.includes('api') || topics.includes('1') || topics.includes('true');
}

/**
 * Wraps a transport so `GW_DEBUG=api` prints each request and response to stderr: method, URL, status,
 * time and bodies with secrets masked; never headers (they carry the access token).
 */
export function debugFetch(ctx: CliContext, inner: FetchLike): FetchLike {
  if (!debugsApi(ctx.env)) return inner;
  const line = (text: string) => ctx.note(ctx.paintErr('dim', text));
  return async (url, init) => {
    const started = performance.now();
    line(`> ${init.method} ${url}`);
    if (init.body !== undefined) line(`> ${redactBody(init.body)}`);
    try {
      const response = await inner(url, init);
      const elapsed = Math.round(performance.now() - started);
      const text = await response.text();
      line(`< ${response.status} ${init.method} ${url} (${elapsed} ms)`);
      if (text) line(`< ${redactBody(text)}`);
      return { ...response, text: async () => text };
    } catch (error) {
      line(`< ${init.method} ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  };
}
