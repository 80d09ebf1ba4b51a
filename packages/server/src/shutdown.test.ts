// Issue 15: graceful shutdown. A stream in flight when the server is told to close is finished in full,
// no new connection is accepted meanwhile, and the ledger's pending batch is written on the way out (the
// batch interval here is an hour: only the close can have written it). A stream longer than the deadline
// is cut there and the close still completes. (A silent upstream holds its request until
// UPSTREAM_IDLE_TIMEOUT: the relay notices a client gone at its next write.)
import { afterEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './config.js';
import { openDatabase } from './db/database.js';
import { startPacedUpstream, type PacedUpstream } from './relay/scenarios/test-support/paced-upstream.js';
import { waitFor } from './relay/scenarios/test-support/scenario-helpers.js';
import { startRelayApp, type RelayTestApp } from './relay/test-support/relay-app.js';
import { closeGracefully } from './shutdown.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** Starts a streamed chat and resolves once its first bytes arrived; `rest` reads it to the end. */
async function startStream(r: RelayTestApp, key: string, model: string) {
  const response = await fetch(`${r.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hello there' }] }),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const first = await reader.read();
  text += decoder.decode(first.value ?? new Uint8Array());
  const rest = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    } catch {
      // cut at the deadline
    }
    return text;
  })();
  return { status: response.status, rest };
}

async function refusesConnections(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`);
    return false;
  } catch {
    return true;
  }
}

describe('graceful shutdown', () => {
  it('finishes a stream in flight, accepts no new connection, then flushes the ledger', async () => {
    const paced: PacedUpstream = await startPacedUpstream(60);
    cleanups.push(() => paced.close());
    const r = await startRelayApp('sqlite');
    cleanups.push(() => r.close());
    await r.addChannel({ models: 'paced-model', base_url: paced.url });
    const who = await r.newCaller({ quota: 1_000_000 });
    const stream = await startStream(r, who.key, 'paced-model');
    expect(stream.status).toBe(200);

    const closing = closeGracefully(r.t.app, 30);
    expect(await waitFor(() => refusesConnections(r.url), 10_000)).toBe(true);
    const text = await stream.rest;
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    await closing;
    expect(paced.completed).toBe(1);

    // Read the database the closed server left: the stream's charge was written by the close.
    const database = openDatabase(parseDatabaseUrl(r.t.url, process.cwd()));
    try {
      const logs = await database.db
        .selectFrom('logs')
        .selectAll()
        .where('user_id', '=', who.userId)
        .execute();
      expect(logs.filter((log) => log.type === 2)).toHaveLength(1);
      const user = await database.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', who.userId)
        .executeTakeFirstOrThrow();
      expect(Number(user.quota)).toBeLessThan(1_000_000);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('cuts a stream that outlives the deadline and still completes the close', async () => {
    // A frame every 300 ms: the whole stream takes seconds, the deadline is half a second.
    const slow: PacedUpstream = await startPacedUpstream(300);
    cleanups.push(() => slow.close());
    const r = await startRelayApp('sqlite');
    cleanups.push(() => r.close());
    await r.addChannel({ models: 'slow-model', base_url: slow.url });
    const who = await r.newCaller({ quota: 1_000_000 });
    const stream = await startStream(r, who.key, 'slow-model');
    await closeGracefully(r.t.app, 0.5);
    const text = await stream.rest;
    expect(text).not.toContain('[DONE]');
  }, 60_000);
});
