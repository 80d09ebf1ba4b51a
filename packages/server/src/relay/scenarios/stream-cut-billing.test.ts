// A stream gw cuts when its claim can grow no more is billed no higher than the claim (issue 8 item 6). The
// claim grows on the reply's text as counted during the stream; the cut reply, which brings no usage, is
// counted again at settlement. When that second count came out higher — the pool's length estimate (under
// load: saturated, or past its 2 s deadline) or, as here, a text that crossed the count cap after its last
// exact count — the charge passed the claim and the user went below the balance the growth was refused on.
// Under load this is how 200 long streams of a 600M-point user ended far below minus one request
// (long-reply-overdraft.test.ts). On SQLite always; on PostgreSQL when GW_TEST_POSTGRES_URL is set.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call } from '../../test-support/test-app.js';
import { COUNT_CAP_CHARS } from '../tokens/text-pieces.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const MODEL = 'cut-billing-model';
/** "tok " is one token (cl100k) but four bytes, which the length estimate (0.38 a byte) counts as 1.52. */
const WORD = 'tok ';
const WORDS_PER_CHUNK = 1000;
/** Well past the count cap: the reply's text crosses it mid-stream. */
const REPLY_WORDS = Math.ceil((2 * COUNT_CAP_CHARS) / WORD.length);
/** Covers the exact count up to the cap (~65.5K tokens at 1,000 points) but not its estimate (~99.6K). */
const BALANCE = 80_000_000;

/** A loopback OpenAI upstream streaming REPLY_WORDS words, with no usage (it never gets that far). */
async function startWordyUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    for await (const _ of request) {
      // the body is not needed
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    let closed = false;
    response.on('close', () => {
      closed = true;
    });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-cut',
        object: 'chat.completion.chunk',
        created: 1,
        model: MODEL,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    for (let sent = 0; sent < REPLY_WORDS && !closed; sent += WORDS_PER_CHUNK) {
      const ok = response.write(chunk({ content: WORD.repeat(WORDS_PER_CHUNK) }, null));
      await new Promise((resolve) => (ok ? setImmediate(resolve) : response.once('drain', resolve)));
    }
    if (closed) return;
    response.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(TEST_DIALECTS)('a cut stream billed within its claim (%s)', { timeout: 60_000 }, (kind) => {
  let r: RelayTestApp;
  let upstream: Awaited<ReturnType<typeof startWordyUpstream>>;

  beforeAll(async () => {
    upstream = await startWordyUpstream();
    r = await startRelayApp(kind);
    await r.addChannel({ models: MODEL, base_url: upstream.url });
    const price = await call(r.t.app, 'POST', '/api/prices/single', {
      cookie: r.rootCookie,
      body: { model: MODEL, type: 'tokens', channel_type: 1, input: 1, output: 1000 },
    });
    expect(price.body.success).toBe(true);
  });
  afterAll(async () => {
    await r?.close();
    await upstream?.close();
  });

  it('a reply whose text crosses the count cap is cut, and charged no more than the balance it grew on', async () => {
    const who = await r.newCaller({ quota: BALANCE });
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    // Cut by gw, not finished by the upstream: the balance did not cover the whole reply.
    expect([...text.matchAll(/"finish_reason":"(\w+)"/g)].map((match) => match[1]).at(-1)).toBe('length');
    // The cut reply is settled off the loop after it ends: wait for its log.
    let log: { quota: number; completion_tokens: number } | undefined;
    for (let round = 0; round < 200 && !log; round++) {
      await r.flush();
      log = await r.t.app.gw.db
        .selectFrom('logs')
        .select(['quota', 'completion_tokens'])
        .where('user_id', '=', who.userId)
        .where('type', '=', 2)
        .executeTakeFirst();
      if (!log) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(log).toBeDefined();
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    // The stream ran past the cap (its exact count alone fits the balance) ...
    expect(Number(log?.completion_tokens)).toBeGreaterThan(COUNT_CAP_CHARS / WORD.length);
    // ... and a lone stream whose growth was refused spends no more than the balance (before: −19.6M).
    expect(Number(user.quota)).toBe(BALANCE - Number(log?.quota));
    expect(Number(user.quota)).toBeGreaterThanOrEqual(0);
  });
});
