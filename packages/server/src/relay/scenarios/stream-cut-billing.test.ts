// A stream gw cuts when its claim can grow no more is billed no higher than the claim (issue 8 item 6). The
// claim grows on the reply's text as counted during the stream; the cut reply, which brings no usage, is
// counted again at settlement. When that second count came out higher — the pool's length estimate (under
// load: saturated, or past its 2 s deadline) or, as here, a text that crossed the count cap after its last
// exact count — the charge passed the claim and the user went below the balance the growth was refused on.
// Answered so at settlement, the ~100 cut streams of long-reply-overdraft.test.ts took its 600M-point user
// to about −177M (forced; its bound is minus one request, ~−11M). Billing within the claim holds only if
// every event relayed was checked, so the last one, which an upstream may end without a blank line, is too.
// On SQLite always; on PostgreSQL when GW_TEST_POSTGRES_URL is set.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { COUNT_CAP_CHARS } from '../tokens/text-pieces.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const MODEL = 'cut-billing-model';
/** "tok " is one token (cl100k) but four bytes, which the length estimate (0.38 a byte) counts as 1.52. */
const WORD = 'tok ';
const WORDS_PER_CHUNK = 1000;
/** Well past the count cap: the reply's text crosses it mid-stream. */
const REPLY_WORDS = Math.ceil((2 * COUNT_CAP_CHARS) / WORD.length);
/** Covers the exact count up to the cap (~65.5K tokens at 1,000 points) but not its estimate (~99.6K). */
const BALANCE = 80_000_000;

function chunkOf(delta: Record<string, unknown>, finish: string | null): string {
  const data = {
    id: 'chatcmpl-cut',
    object: 'chat.completion.chunk',
    created: 1,
    model: MODEL,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(data)}\n\n`;
}

/** The prompt that asks the upstream for TAIL_WORDS in one last event without its blank line. */
const TAIL_PROMPT = 'tail';
const TAIL_WORDS = 6_000;

/**
 * A loopback OpenAI upstream streaming REPLY_WORDS words, with no usage (it never gets that far); asked
 * TAIL_PROMPT, it sends TAIL_WORDS in one event that the end of the body closes instead of a blank line.
 */
async function startWordyUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    let text = '';
    for await (const part of request) text += part;
    const prompt = (JSON.parse(text) as { messages: Array<{ content: string }> }).messages[0]?.content;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (prompt === TAIL_PROMPT) {
      const first = chunkOf({ role: 'assistant' }, null);
      response.end(`${first}${chunkOf({ content: WORD.repeat(TAIL_WORDS) }, 'stop').trimEnd()}`);
      return;
    }
    let closed = false;
    response.on('close', () => {
      closed = true;
    });
    for (let sent = 0; sent < REPLY_WORDS && !closed; sent += WORDS_PER_CHUNK) {
      const ok = response.write(chunkOf({ content: WORD.repeat(WORDS_PER_CHUNK) }, null));
      await new Promise((resolve) => (ok ? setImmediate(resolve) : response.once('drain', resolve)));
    }
    if (closed) return;
    response.end(`${chunkOf({}, 'stop')}data: [DONE]\n\n`);
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
    await r.setPrice({ model: MODEL, type: 'tokens', channel_type: 1, input: 1, output: 1000 });
  });
  afterAll(async () => {
    await r?.close();
    await upstream?.close();
  });

  /** Streams a reply for `prompt` as `who`; resolves to what the client read. */
  async function stream(who: RelayCallerHandle, prompt: string) {
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: prompt }] }),
    });
    const text = await response.text();
    return {
      status: response.status,
      finish: [...text.matchAll(/"finish_reason":"(\w+)"/g)].map((match) => match[1]).at(-1),
      words: text.split(WORD).length - 1,
    };
  }

  /** The request's charge once settled (a cut reply is settled off the loop after it ends), and the balance. */
  async function charged(who: RelayCallerHandle) {
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
    if (!log) throw new Error('the request was never settled');
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    return {
      quota: Number(log.quota),
      completion: Number(log.completion_tokens),
      balance: Number(user.quota),
    };
  }

  it('a reply whose text crosses the count cap is cut, and charged no more than the balance it grew on', async () => {
    const who = await r.newCaller({ quota: BALANCE });
    const reply = await stream(who, 'hi');
    expect(reply.status).toBe(200);
    // Cut by gw, not finished by the upstream: the balance did not cover the whole reply.
    expect(reply.finish).toBe('length');
    const after = await charged(who);
    // The stream ran past the cap (its exact count alone fits the balance) ...
    expect(after.completion).toBeGreaterThan(COUNT_CAP_CHARS / WORD.length);
    // ... and a lone stream whose growth was refused spends no more than the balance (before: −20.3M).
    expect(after.balance).toBe(BALANCE - after.quota);
    expect(after.balance).toBeGreaterThanOrEqual(0);
  });

  it('a last event the body ends without a blank line is checked too: what the client reads is billed', async () => {
    // The lone request's claim pays for InFlightCompletionTokens (4,096) on the one-hub minimum; the
    // 2M balance cannot grow it to the tail's 6,000 words.
    const who = await r.newCaller({ quota: 2_000_000 });
    const reply = await stream(who, TAIL_PROMPT);
    expect(reply.status).toBe(200);
    const after = await charged(who);
    // Before, the tail went out unchecked: 6,000 words read, 4,096 billed once a cut stream was billed
    // within its claim. Now it is cut like any event past the budget.
    expect(reply.finish).toBe('length');
    expect(reply.words).toBeLessThanOrEqual(after.completion);
    expect(after.balance).toBe(2_000_000 - after.quota);
  });
});
