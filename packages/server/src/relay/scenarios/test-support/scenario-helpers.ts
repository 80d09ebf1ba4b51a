// Small helpers the relay scenario tests share: raw chat calls over real HTTP, channel edits through the
// management API, and reading which channel key an upstream request carried.
import { call } from '../../../test-support/test-app.js';
import type { RecordedRequest } from '../../test-support/fake-upstream/index.js';
import type { RelayTestApp } from '../../test-support/relay-app.js';

/** The outcome of one raw chat call: the HTTP status and the parsed body. */
export interface ChatOutcome {
  status: number;
  body: unknown;
}

/** One non-stream chat completion sent with fetch, as any HTTP client would. */
export async function chatOnce(
  r: RelayTestApp,
  key: string,
  model: string,
  content = 'hello from a scenario',
): Promise<ChatOutcome> {
  const response = await fetch(`${r.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the assertion message
  }
  return { status: response.status, body };
}

/** The `error.message` of an OpenAI-shaped error body, or ''. */
export function errorMessage(body: unknown): string {
  const error =
    body && typeof body === 'object' ? (body as { error?: { message?: unknown } }).error : undefined;
  return typeof error?.message === 'string' ? error.message : '';
}

/** Sets a channel's status with the quick edit of `PUT /api/channel/` (2 = manually disabled). */
export async function putChannelStatus(r: RelayTestApp, id: number, status: number): Promise<void> {
  const reply = await call(r.t.app, 'PUT', '/api/channel/', { cookie: r.rootCookie, body: { id, status } });
  if (!reply.body.success) throw new Error(`channel ${id} status ${status} failed: ${reply.body.message}`);
}

/** A channel's status as stored. */
export async function channelStatus(r: RelayTestApp, id: number): Promise<number> {
  const row = await r.t.app.gw.db
    .selectFrom('channels')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** The channel key an upstream request was sent with (the fake records the Authorization header). */
export function upstreamKey(request: RecordedRequest): string {
  return String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
}

/** How many recorded upstream requests carried each channel key. */
export function countByKey(requests: readonly RecordedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const key = upstreamKey(request);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Runs `tasks` with at most `width` in flight; results keep the tasks' order. */
export async function runLimited<T>(tasks: ReadonlyArray<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}

/** Polls `probe` until it returns true or `timeoutMs` passes; returns the last answer. */
export async function waitFor(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  stepMs = 25,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
