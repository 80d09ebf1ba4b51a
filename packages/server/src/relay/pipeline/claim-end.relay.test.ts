// A request's in-flight claim ends before its reply does: the settlement (or the refund) is recorded and the
// claim's end sent to its keeper while the client still waits for the reply's last byte — a JSON body
// before it is sent, a stream before its closing frames. A client then never finds its previous request's
// claim still counted, wherever its next request goes (another worker of `gw serve --workers N`, another
// process on the same Redis); the cluster test shows the refusal this caused (workers.relay.test.ts).
// Checked here at the moment each claim ends, for every keeper: this process (memory), a cluster's primary
// over IPC (the real primary stores, on an in-process channel) and Redis when GW_TEST_REDIS_URL is set.
import type { Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PrimaryChannel, servePrimaryStores } from '../../cluster/ipc-stores.js';
import { type InFlightStore, MemoryInFlightStore } from '../billing/in-flight.js';
import { SharedInFlightStore } from '../billing/shared-in-flight.js';
import { expectExactCharges } from '../test-support/exact-charges.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;
const KEEPERS = REDIS_URL ? (['memory', 'primary', 'redis'] as const) : (['memory', 'primary'] as const);
const MODEL = 'claim-end-model';
const BALANCE = 1_000_000;

/** A cluster's primary stores in this process, and the IPC channel a worker reaches them on. */
function inProcessPrimary(): { primary: PrimaryChannel; close: () => void } {
  // Messages go through JSON and arrive a turn later, as over the cluster's pipe.
  const carry = (target: EventEmitter) => (message: unknown) => {
    const copy: unknown = JSON.parse(JSON.stringify(message));
    setImmediate(() => target.emit('message', copy));
    return true;
  };
  const worker = new EventEmitter();
  const toWorker = new EventEmitter();
  Object.assign(worker, { send: carry(toWorker), isConnected: () => true });
  const stores = servePrimaryStores(() => [worker as unknown as Worker]);
  stores.listen(worker as unknown as Worker);
  return {
    primary: {
      send: carry(worker),
      on: (event, listener) => toWorker.on(event, listener),
      off: (event, listener) => toWorker.off(event, listener),
    },
    close: () => stores.close(),
  };
}

describe.each(KEEPERS)('a claim ends before its reply does (claims kept by the %s)', (keeper) => {
  let r: RelayTestApp | undefined;
  let primary: ReturnType<typeof inProcessPrimary> | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await r?.close();
    r = undefined;
    primary?.close();
    primary = undefined;
  });

  it('JSON and streamed replies, with and without usage, and a failed request', async () => {
    primary = keeper === 'primary' ? inProcessPrimary() : undefined;
    r = await startRelayApp(
      'sqlite',
      keeper === 'redis'
        ? { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: `gw-test-${randomUUID()}:` }
        : {},
      primary ? { primary: primary.primary } : {},
    );
    await r.addChannel({ models: MODEL });
    await r.setPrice({ model: MODEL, type: 'tokens', channel_type: 1, input: 1, output: 100 });
    const who = await r.newCaller({
      quota: BALANCE,
      token: { unlimited_quota: false, remain_quota: BALANCE },
    });

    // The reply each request is answered with, as the server writes it.
    let response: ServerResponse | undefined;
    r.t.app.server.on('request', (_request, reply: ServerResponse) => {
      response = reply;
    });
    /** How each claim ended, and whether the reply had ended by then. */
    const ends: Array<{ how: 'settled' | 'released'; replyEnded: boolean | undefined }> = [];
    const store: Pick<InFlightStore, 'settled' | 'release'> =
      keeper === 'memory' ? MemoryInFlightStore.prototype : SharedInFlightStore.prototype;
    const settled = store.settled;
    const release = store.release;
    // The memory store's settled() drops the claim through its own release(): counted once.
    let settling = false;
    vi.spyOn(store, 'settled').mockImplementation(function (
      this: unknown,
      ...args: Parameters<InFlightStore['settled']>
    ) {
      ends.push({ how: 'settled', replyEnded: response?.writableEnded });
      settling = true;
      try {
        return settled.apply(this, args);
      } finally {
        settling = false;
      }
    });
    vi.spyOn(store, 'release').mockImplementation(function (
      this: unknown,
      ...args: Parameters<InFlightStore['release']>
    ) {
      if (!settling) ends.push({ how: 'released', replyEnded: response?.writableEnded });
      return release.apply(this, args);
    });

    const send = async (extra: Record<string, unknown>) => {
      const reply = await fetch(`${(r as RelayTestApp).url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], ...extra }),
      });
      const text = await reply.text();
      return { status: reply.status, text };
    };
    const json = await send({});
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ usage: { completion_tokens: 5 } });
    r.upstream.script({ noUsage: true });
    expect((await send({})).status).toBe(200);
    // Without usage from the upstream: counted locally.
    const stream = await send({ stream: true });
    expect(stream.status).toBe(200);
    expect(stream.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const withUsage = await send({ stream: true, stream_options: { include_usage: true } });
    expect(withUsage.text).toContain('"completion_tokens":5');
    expect(withUsage.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    // A failure the client is answered with: the claim is dropped before the error goes out.
    r.upstream.script({ status: 400 });
    expect((await send({})).status).toBe(400);

    expect(ends).toEqual([
      { how: 'settled', replyEnded: false },
      { how: 'settled', replyEnded: false },
      { how: 'settled', replyEnded: false },
      { how: 'settled', replyEnded: false },
      { how: 'released', replyEnded: false },
    ]);

    // Billed exactly as before: the four successes charged once each, the failure not at all.
    await r.flush();
    const db = r.t.app.gw.db;
    await expectExactCharges(db, who, { requests: 4, userBalance: BALANCE, tokenBalance: BALANCE });
    const logs = await db
      .selectFrom('logs')
      .select(['completion_tokens'])
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs.map((log) => Number(log.completion_tokens))).toEqual([5, 5, 5, 5]);
  }, 60_000);
});
