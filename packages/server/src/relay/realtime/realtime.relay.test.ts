// Realtime over WebSocket (spec §11.5) against a fake OpenAI Realtime upstream on loopback: the official
// `openai` client's OpenAIRealtimeWS (which only speaks wss, so it goes through a loopback TLS front with a
// certificate made for the run), the browser's subprotocol key form, refusals before the upgrade, channel
// retries on a refused upgrade / error / binary first message, the Azure URL form, the session settled as
// one consume log of its merged usage, and the session ended once the user's balance is spent.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  FAKE_CLOSE_CODE,
  FAKE_CLOSE_EVENT,
  FAKE_REALTIME_USAGE,
  type FakeRealtimeUpstream,
  startFakeRealtimeUpstream,
} from '../test-support/fake-realtime-upstream.js';
import { type InFlightStore, MemoryInFlightStore } from '../billing/in-flight.js';
import { SharedInFlightStore } from '../billing/shared-in-flight.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { openRedis } from '../../redis/connection.js';

const MODEL = 'gpt-rt-test';
const PRICE = { input: 2.5, output: 10 };
const EXTRA = { cached_tokens: 0.5, input_audio_tokens: 8, output_audio_tokens: 4 };

/** What `n` fake responses cost when settled together (spec §9.3 on the merged usage), worked by hand. */
function expectedQuota(n: number): number {
  const u = FAKE_REALTIME_USAGE;
  const prompt =
    u.input_tokens * n +
    Math.trunc(u.input_token_details.cached_tokens * n * (EXTRA.cached_tokens - 1)) +
    Math.trunc(u.input_token_details.audio_tokens * n * (EXTRA.input_audio_tokens - 1));
  const completion =
    u.output_tokens * n +
    Math.trunc(u.output_token_details.audio_tokens * n * (EXTRA.output_audio_tokens - 1));
  return Math.ceil(prompt * PRICE.input + completion * PRICE.output);
}

/** A self-signed certificate for 127.0.0.1, made for this run. */
function makeCertificate(dir: string): { key: string; cert: string } {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore', timeout: 20_000 },
  );
  return {
    key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
  };
}

/** A TLS front that pipes each connection to gw's plain port (the official client connects with wss only). */
async function startTlsFront(target: number, pem: { key: string; cert: string }): Promise<TlsServer> {
  const server = createTlsServer(pem, (secure) => {
    const plain = netConnect(target, '127.0.0.1');
    secure.on('error', () => plain.destroy());
    plain.on('error', () => secure.destroy());
    secure.pipe(plain).pipe(secure);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

interface RawSession {
  ws: WebSocket;
  events: Array<{ type: string } & Record<string, unknown>>;
  closed: Promise<number>;
}

function rawSession(
  url: string,
  protocols: string[],
  headers: Record<string, string> = {},
): Promise<RawSession> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { headers });
    const events: RawSession['events'] = [];
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('message', (data) => events.push(JSON.parse(String(data))));
    ws.on('open', () => resolve({ ws, events, closed }));
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      response.on('end', () =>
        reject(Object.assign(new Error('refused'), { status: response.statusCode, body })),
      );
    });
    ws.on('error', reject);
  });
}

describe('Realtime over WebSocket', () => {
  let r: RelayTestApp;
  let fake: FakeRealtimeUpstream;
  let front: TlsServer;
  let pem: { key: string; cert: string };
  let certDir: string;
  let wsUrl: string;
  let channelId: number;

  beforeAll(async () => {
    r = await startRelayApp('sqlite');
    fake = await startFakeRealtimeUpstream();
    certDir = mkdtempSync(join(tmpdir(), 'gw-rt-cert-'));
    pem = makeCertificate(certDir);
    front = await startTlsFront(Number(new URL(r.url).port), pem);
    wsUrl = `${r.url.replace(/^http/, 'ws')}/v1/realtime`;
    channelId = await r.addChannel({ type: 1, key: 'sk-rt-upstream', base_url: fake.url, models: MODEL });
    await r.setPrice({ model: MODEL, type: 'tokens', channel_type: 1, ...PRICE, extra_ratios: EXTRA });
    await r.setOptions({ LogConsumeEnabled: 'true', RetryCooldownSeconds: '0' });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => front?.close(() => resolve()));
    await r?.close();
    await fake?.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  async function consumeLogs(who: RelayCallerHandle) {
    await r.flush();
    return r.t.app.gw.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
  }

  it('relays the official client both ways and settles the merged usage once when the client closes', async () => {
    const start = 50_000_000;
    const who = await r.newCaller({ quota: start });
    const before = fake.connections.length;
    const client = new OpenAI({
      apiKey: who.key,
      baseURL: `https://127.0.0.1:${(front.address() as AddressInfo).port}/v1`,
    });
    const rt = new OpenAIRealtimeWS({ model: MODEL, options: { ca: pem.cert } }, client);
    const seen: string[] = [];
    const usages: unknown[] = [];
    const errors: unknown[] = [];
    rt.on('event', (event) => seen.push(event.type));
    rt.on('error', (error) => errors.push(error));
    rt.on('response.done', (event) => usages.push(event.response.usage));
    const closed = new Promise<number>((resolve) => rt.socket.on('close', (code) => resolve(code)));
    await waitFor('session.created', () => (seen.includes('session.created') ? true : undefined));
    rt.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } });
    rt.send({ type: 'response.create' });
    await waitFor('first response', () => (usages.length === 1 ? true : undefined));
    rt.send({ type: 'response.create' });
    await waitFor('second response', () => (usages.length === 2 ? true : undefined));
    expect(seen).toContain('session.updated');
    expect(seen).toContain('response.output_text.delta');
    expect(usages[1]).toEqual(FAKE_REALTIME_USAGE);
    expect(errors).toEqual([]);

    const upstream = fake.connections[before];
    expect(upstream?.url).toBe(`/v1/realtime?model=${MODEL}`);
    expect(upstream?.headers.authorization).toBe('Bearer sk-rt-upstream');
    // The gateway's key never reaches the upstream.
    expect(JSON.stringify(upstream?.headers)).not.toContain(who.key.slice(3));
    expect(upstream?.events.map((event) => event.type)).toEqual([
      'session.update',
      'response.create',
      'response.create',
    ]);

    rt.close();
    expect(await closed).toBe(1000);
    await waitFor('upstream closed', () => upstream?.closedWith);
    expect(upstream?.closedWith).toBe(1000);
    const log = await r.onlyConsumeLog(who, start);
    expect(log.quota).toBe(expectedQuota(2));
    expect(log.prompt_tokens).toBe(FAKE_REALTIME_USAGE.input_tokens * 2);
    expect(log.completion_tokens).toBe(FAKE_REALTIME_USAGE.output_tokens * 2);
    expect(log.model_name).toBe(MODEL);
    expect(log.channel_id).toBe(channelId);
    expect(r.t.app.gwRelay.realtime.open).toBe(0);
  });

  it('takes the key from the browser subprotocol, answers `realtime`, and ends when the upstream closes', async () => {
    const start = 50_000_000;
    const who = await r.newCaller({ quota: start });
    const session = await rawSession(`${wsUrl}?model=${MODEL}`, [
      'realtime',
      `openai-insecure-api-key.${who.key}`,
    ]);
    expect(session.ws.protocol).toBe('realtime');
    await waitFor('session.created', () => session.events.find((e) => e.type === 'session.created'));
    session.ws.send(JSON.stringify({ type: 'response.create' }));
    await waitFor('response.done', () => session.events.find((e) => e.type === 'response.done'));
    session.ws.send(JSON.stringify({ type: FAKE_CLOSE_EVENT }));
    expect(await session.closed).toBe(FAKE_CLOSE_CODE);
    const log = await waitFor('the settlement', () =>
      r.t.app.gwRelay.realtime.open === 0 ? true : undefined,
    ).then(() => r.onlyConsumeLog(who, start));
    expect(log.quota).toBe(expectedQuota(1));
  });

  it('keeps the events a client sends before the upstream answered and forwards them once it did', async () => {
    const who = await r.newCaller();
    const before = fake.connections.length;
    const ws = new WebSocket(`${wsUrl}?model=${MODEL}`, { headers: { authorization: `Bearer ${who.key}` } });
    const events: string[] = [];
    ws.on('message', (data) => events.push((JSON.parse(String(data)) as { type: string }).type));
    ws.on('open', () => ws.send(JSON.stringify({ type: 'response.create' })));
    await waitFor('response.done', () => (events.includes('response.done') ? true : undefined));
    expect(events[0]).toBe('session.created');
    expect(fake.connections[before]?.events.map((event) => event.type)).toEqual(['response.create']);
    const closed = new Promise((resolve) => ws.on('close', resolve));
    ws.close();
    await closed;
  });

  it('refuses a bad key, a missing model and an unknown path before the upgrade, without calling upstream', async () => {
    const before = fake.connections.length;
    const bad = await rawSession(`${wsUrl}?model=${MODEL}`, [], {
      authorization: `Bearer sk-${'x'.repeat(48)}`,
    }).catch((error: { status: number; body: string }) => error);
    expect('status' in bad && bad.status).toBe(401);
    expect(JSON.parse((bad as { body: string }).body).error.message).toMatch(/request id/);
    const who = await r.newCaller();
    const noModel = await rawSession(wsUrl, [], { authorization: `Bearer ${who.key}` }).catch(
      (error: { status: number }) => error,
    );
    expect('status' in noModel && noModel.status).toBe(400);
    const unknown = await rawSession(`${wsUrl}/nope?model=${MODEL}`, [], {
      authorization: `Bearer ${who.key}`,
    }).catch((error: { status: number }) => error);
    expect('status' in unknown && unknown.status).toBe(404);
    const broke = await r.newCaller({ quota: 0 });
    const poor = await rawSession(`${wsUrl}?model=${MODEL}`, [], {
      authorization: `Bearer ${broke.key}`,
    }).catch((error: { status: number }) => error);
    expect('status' in poor && poor.status).toBe(402);
    expect(fake.connections.length).toBe(before);
    expect(await consumeLogs(who)).toHaveLength(0);
  });

  it('skips channels whose upgrade is refused or whose first message is an error or binary', async () => {
    const model = 'gpt-rt-retry';
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await r.addChannel({ type: 1, base_url: fake.url, models: model }));
    await r.setOptions({ RetryTimes: '3' });
    const who = await r.newCaller();
    const before = fake.connections.length;
    fake.script('refuse', 'error-first', 'binary-first');
    // Three channels fail; with RetryTimes 3 the fourth try has no channel left for this model.
    const failing = await rawSession(`${wsUrl}?model=${model}`, [], { authorization: `Bearer ${who.key}` });
    expect(await failing.closed).toBe(1011);
    const error = failing.events.find((e) => e.type === 'error') as unknown as {
      error: { type: string; message: string };
    };
    expect(error.error.type).toBe('system_error');
    expect(error.error.message).toMatch(/request id/);
    expect(fake.connections.length - before).toBe(3);
    expect(await consumeLogs(who)).toHaveLength(0);

    fake.script('error-first', 'refuse');
    const ok = await rawSession(`${wsUrl}?model=${model}`, [], { authorization: `Bearer ${who.key}` });
    await waitFor('session.created', () => ok.events.find((e) => e.type === 'session.created'));
    // The client only ever sees the accepted channel's first message.
    expect(ok.events[0]?.type).toBe('session.created');
    expect(fake.connections.length - before).toBe(6);
    ok.ws.close();
    await ok.closed;
    await waitFor('the settlement', () => (r.t.app.gwRelay.realtime.open === 0 ? true : undefined));
    const logs = await consumeLogs(who);
    expect(logs).toHaveLength(1);
    expect(ids).toContain(logs[0]?.channel_id);
    // No usage event, nothing charged: the consume log is still written (spec §9.5 step 3).
    expect(logs[0]?.quota).toBe(0);
    await r.setOptions({ RetryTimes: '0' });
  });

  it('connects to Azure with its realtime URL and api-key header', async () => {
    const model = 'gpt-rt-azure';
    await r.addChannel({
      type: 3,
      key: 'azure-key',
      base_url: fake.url,
      models: model,
      other: '2025-04-01-preview',
    });
    const who = await r.newCaller();
    const before = fake.connections.length;
    const session = await rawSession(`${wsUrl}?model=${model}`, [], { authorization: `Bearer ${who.key}` });
    await waitFor('session.created', () => session.events.find((e) => e.type === 'session.created'));
    const upstream = fake.connections[before];
    expect(upstream?.url).toBe(`/openai/realtime?api-version=2025-04-01-preview&deployment=${model}`);
    expect(upstream?.headers['api-key']).toBe('azure-key');
    session.ws.close();
    await session.closed;
  });

  it("tunnels through the channel's HTTP proxy with CONNECT", async () => {
    const model = 'gpt-rt-proxy';
    const tunnels: string[] = [];
    const proxy = createHttpServer();
    proxy.on('connect', (request, client, head) => {
      tunnels.push(request.url ?? '');
      const [host = '', port = '0'] = (request.url ?? '').split(':');
      const target = netConnect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        target.write(head);
        target.pipe(client);
        client.pipe(target);
      });
      target.on('error', () => client.destroy());
      client.on('error', () => target.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      await r.addChannel({ type: 1, base_url: fake.url, models: model, proxy: proxyUrl });
      const who = await r.newCaller();
      const session = await rawSession(`${wsUrl}?model=${model}`, [], { authorization: `Bearer ${who.key}` });
      await waitFor('session.created', () => session.events.find((e) => e.type === 'session.created'));
      expect(tunnels).toEqual([new URL(fake.url).host]);
      session.ws.close();
      await session.closed;
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('ends the session once its usage reaches the balance, after forwarding the event that did', async () => {
    // Enough for one response, not for two.
    const start = expectedQuota(1) + 1;
    const who = await r.newCaller({ quota: start });
    const session = await rawSession(`${wsUrl}?model=${MODEL}`, [], { authorization: `Bearer ${who.key}` });
    await waitFor('session.created', () => session.events.find((e) => e.type === 'session.created'));
    session.ws.send(JSON.stringify({ type: 'response.create' }));
    await waitFor('first response', () => session.events.find((e) => e.type === 'response.done'));
    expect(session.events.some((e) => e.type === 'error')).toBe(false);
    session.ws.send(JSON.stringify({ type: 'response.create' }));
    expect(await session.closed).toBe(1008);
    const types = session.events.map((e) => e.type);
    expect(types.filter((type) => type === 'response.done')).toHaveLength(2);
    expect(types.at(-1)).toBe('error');
    expect((session.events.at(-1) as unknown as { error: { code: string } }).error.code).toBe(
      'insufficient_user_quota',
    );
    await waitFor('the settlement', () => (r.t.app.gwRelay.realtime.open === 0 ? true : undefined));
    const logs = await consumeLogs(who);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.quota).toBe(expectedQuota(2));
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(start - expectedQuota(2));
  });
});

const IN_FLIGHT_STORES = process.env.GW_TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

describe.each(IN_FLIGHT_STORES)('Realtime sessions in the in-flight balance check (%s)', (store) => {
  const CHAT_MODEL = 'gpt-rt-chat';
  /** InFlightCompletionTokens = 256: a session claims 256 output tokens at 10 points, 2,560 points a step. */
  const STEP = 2_560;
  const ONE = expectedQuota(1);
  let r: RelayTestApp;
  let fake: FakeRealtimeUpstream;
  let wsUrl: string;
  beforeAll(async () => {
    const redis: Record<string, string> =
      store === 'redis'
        ? { REDIS_URL: process.env.GW_TEST_REDIS_URL as string, REDIS_KEY_PREFIX: `gw-test-${randomUUID()}:` }
        : {};
    r = await startRelayApp('sqlite', redis);
    fake = await startFakeRealtimeUpstream();
    wsUrl = `${r.url.replace(/^http/, 'ws')}/v1/realtime?model=${MODEL}`;
    await r.addChannel({ type: 1, base_url: fake.url, models: MODEL });
    await r.addChannel({ models: CHAT_MODEL });
    for (const body of [
      { model: MODEL, type: 'tokens', channel_type: 1, ...PRICE, extra_ratios: EXTRA },
      { model: CHAT_MODEL, type: 'tokens', channel_type: 1, input: 1, output: 1 },
    ]) {
      await r.setPrice(body);
    }
    await r.setOptions({ LogConsumeEnabled: 'true', InFlightCompletionTokens: '256' });
  });
  afterAll(async () => {
    await r?.close();
    await fake?.close();
  });

  const claimed = () => r.t.app.gwRelay.realtime.claimed;
  const chat = async (who: RelayCallerHandle) => {
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: CHAT_MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
  };
  const respond = async (session: RawSession, count: number) => {
    session.ws.send(JSON.stringify({ type: 'response.create' }));
    await waitFor(`response ${count}`, () =>
      session.events.filter((e) => e.type === 'response.done').length === count ? true : undefined,
    );
  };
  const userQuota = async (who: RelayCallerHandle) => {
    await r.flush();
    const row = await r.t.app.gw.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    return Number(row.quota);
  };

  it('holds a claim that grows as the session spends, refusing chats it leaves no room for, and ends it on close', async () => {
    const start = 9_000;
    const who = await r.newCaller({ quota: start });
    const session = await rawSession(wsUrl, [], { authorization: `Bearer ${who.key}` });
    await waitFor('session.created', () => session.events.find((e) => e.type === 'session.created'));
    expect(claimed()).toBe(STEP);
    await respond(session, 1);
    // Spent 3,745 ≥ 2,560: grown to what it spent and a step more.
    await waitFor('the first growth', () => (claimed() === ONE + STEP ? true : undefined));
    await respond(session, 2);
    // Spent 7,490: a step more would pass the balance, so it holds all of it.
    await waitFor('the second growth', () => (claimed() === start ? true : undefined));
    expect(session.events.some((e) => e.type === 'error')).toBe(false);
    const refused = await chat(who);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('insufficient_quota_in_flight');
    // A second session is refused before its upgrade, and no upstream is called for it.
    const upstreams = fake.connections.length;
    await expect(rawSession(wsUrl, [], { authorization: `Bearer ${who.key}` })).rejects.toMatchObject({
      status: 429,
      body: expect.stringContaining('insufficient_quota_in_flight'),
    });
    expect(fake.connections.length).toBe(upstreams);
    expect(claimed()).toBe(start);
    session.ws.close();
    await session.closed;
    await waitFor('the settlement', () => (r.t.app.gwRelay.realtime.open === 0 ? true : undefined));
    expect(claimed()).toBe(0);
    // Its claim ended with it: the 1,510 points left serve a chat again.
    const served = await chat(who);
    expect(served.status).toBe(200);
    await r.flush();
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select(['model_name', 'quota'])
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .orderBy('id')
      .execute();
    expect(logs.map((log) => log.model_name)).toEqual([MODEL, CHAT_MODEL]);
    expect(logs[0]?.quota).toBe(expectedQuota(2));
    expect(await userQuota(who)).toBe(start - expectedQuota(2) - Number(logs[1]?.quota));
  });

  it("ends a session whose claim cannot grow beside the user's other running sessions", async () => {
    const start = 10_000;
    const who = await r.newCaller({ quota: start });
    const auth = { authorization: `Bearer ${who.key}` };
    // The order of the server's steps: a claim's settlement, and the close frame it sends a client.
    const steps: string[] = [];
    const storeProto: Pick<InFlightStore, 'settled'> =
      store === 'memory' ? MemoryInFlightStore.prototype : SharedInFlightStore.prototype;
    const settled = storeProto.settled;
    const close = WebSocket.prototype.close;
    const settledSpy = vi.spyOn(storeProto, 'settled').mockImplementation(function (
      this: unknown,
      ...args: Parameters<InFlightStore['settled']>
    ) {
      steps.push('settled');
      return settled.apply(this, args);
    });
    const closeSpy = vi.spyOn(WebSocket.prototype, 'close').mockImplementation(function (
      this: WebSocket,
      ...args: Parameters<typeof close>
    ) {
      steps.push(`close ${args[0] ?? ''}`);
      return close.apply(this, args);
    });
    const a = await rawSession(wsUrl, [], auth);
    const b = await rawSession(wsUrl, [], auth);
    await waitFor('both sessions', () => (claimed() === 2 * STEP ? true : undefined));
    await respond(a, 1);
    await waitFor('a grown', () => (claimed() === ONE + 2 * STEP ? true : undefined));
    // b spent 3,745 too: 10,000 − a's 6,305 leaves 3,695, less than it spent. Both together spent 7,490,
    // under the balance, so only the claims end it.
    b.ws.send(JSON.stringify({ type: 'response.create' }));
    expect(await b.closed).toBe(1008);
    const last = b.events.at(-1) as unknown as { type: string; error: { code: string } };
    expect(last.type).toBe('error');
    expect(last.error.code).toBe('insufficient_user_quota');
    expect(b.events.filter((e) => e.type === 'response.done')).toHaveLength(1);
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    // b's claim ended before the server sent it the close frame: a client opening its next session at
    // once, on another worker, finds it gone.
    expect(steps.slice(0, steps.indexOf('close 1008') + 1)).toEqual(['settled', 'close 1008']);
    settledSpy.mockRestore();
    closeSpy.mockRestore();
    a.ws.close();
    await a.closed;
    await waitFor('the settlements', () => (r.t.app.gwRelay.realtime.open === 0 ? true : undefined));
    expect(claimed()).toBe(0);
    expect(await userQuota(who)).toBe(start - 2 * ONE);
  });
});

describe('Realtime time limits', () => {
  let r: RelayTestApp;
  let fake: FakeRealtimeUpstream;
  let wsUrl: string;
  beforeAll(async () => {
    fake = await startFakeRealtimeUpstream();
    // Opening upstream: 0.2 s connect + 0.3 s first event; then 1 s of silence ends a session.
    r = await startRelayApp('sqlite', {
      REALTIME_IDLE_TIMEOUT: '1',
      CONNECT_TIMEOUT: '0.2',
      UPSTREAM_HEADERS_TIMEOUT: '0.3',
    });
    wsUrl = `${r.url.replace(/^http/, 'ws')}/v1/realtime?model=${MODEL}`;
    await r.addChannel({ type: 1, base_url: fake.url, models: MODEL });
    await r.setOptions({ LogConsumeEnabled: 'true' });
  });
  afterAll(async () => {
    await r?.close();
    await fake?.close();
  });

  it('ends a session silent both ways for REALTIME_IDLE_TIMEOUT, closing the upstream too', async () => {
    const who = await r.newCaller();
    const before = fake.connections.length;
    const session = await rawSession(wsUrl, [], { authorization: `Bearer ${who.key}` });
    const started = Date.now();
    expect(await session.closed).toBe(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const upstream = fake.connections[before];
    expect(await waitFor('upstream closed', () => upstream?.closedWith)).toBe(1000);
    await waitFor('the settlement', () => (r.t.app.gwRelay.realtime.open === 0 ? true : undefined));
    await r.flush();
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs.map((log) => log.quota)).toEqual([0]);
  });

  it('gives up on an upstream that never sends its first event, with an error event', async () => {
    const who = await r.newCaller();
    fake.script('silent');
    const started = Date.now();
    const session = await rawSession(wsUrl, [], { authorization: `Bearer ${who.key}` });
    expect(await session.closed).toBe(1011);
    // 1011 with the error event: the first-event limit ended it, not the idle limit (which closes with 1000).
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    const error = session.events.find((e) => e.type === 'error') as unknown as { error: { type: string } };
    expect(error.error.type).toBe('system_error');
  });
});

const REDIS_URL = process.env.GW_TEST_REDIS_URL;

describe.runIf(REDIS_URL)('Realtime spend in Redis', () => {
  let r: RelayTestApp;
  let fake: FakeRealtimeUpstream;
  const prefix = `gw-test-${randomUUID()}:`;
  beforeAll(async () => {
    fake = await startFakeRealtimeUpstream();
    r = await startRelayApp('sqlite', { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: prefix });
    await r.addChannel({ type: 1, base_url: fake.url, models: MODEL });
    await r.setPrice({ model: MODEL, type: 'tokens', channel_type: 1, ...PRICE, extra_ratios: EXTRA });
  });
  afterAll(async () => {
    await r?.close();
    await fake?.close();
  });

  it('counts the open session in user_realtime_quota:<id> and takes it out once settled', async () => {
    const redis = await openRedis(REDIS_URL as string);
    try {
      const who = await r.newCaller({ quota: 50_000_000 });
      const key = `${prefix}user_realtime_quota:${who.userId}`;
      const url = `${r.url.replace(/^http/, 'ws')}/v1/realtime?model=${MODEL}`;
      const session = await rawSession(url, [], { authorization: `Bearer ${who.key}` });
      session.ws.send(JSON.stringify({ type: 'response.create' }));
      await waitFor('response.done', () => session.events.find((e) => e.type === 'response.done'));
      let spent = 0;
      for (let i = 0; i < 100 && spent === 0; i++) {
        spent = Number(await redis.get(key));
        if (spent === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(spent).toBe(expectedQuota(1));
      expect(await redis.ttl(key)).toBeGreaterThan(24 * 60 * 60 - 60);
      session.ws.close();
      await session.closed;
      let left = spent;
      for (let i = 0; i < 100 && left !== 0; i++) {
        left = Number(await redis.get(key));
        if (left !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(left).toBe(0);
    } finally {
      await redis.quit();
    }
  });
});
