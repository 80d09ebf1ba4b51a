import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_FAKE_BALANCE,
  type FakeBalance,
  type FakeReply,
  type RecordedRequest,
} from './fake-reply.js';
import { parseRequestBody, readRawBody } from './request-body.js';
import { fakeErrorBody, matchFakeRoute } from './routes.js';

/** How the next request(s) misbehave. Fields combine: a delay, then an error or a broken stream. */
export interface FailureScript {
  /** Reply with this HTTP status in the vendor's error shape. */
  status?: number;
  /** Replaces the vendor error body (sent as JSON; a string is sent as is). */
  body?: unknown;
  /** Message inside the vendor error body. */
  message?: string;
  /** Wait this long before answering (client timeouts). */
  delayMs?: number;
  /** Destroy the socket after this many SSE frames (a JSON or bytes reply is cut before any byte). */
  breakStreamAfter?: number;
  /** How many consecutive requests this script applies to (default 1). */
  times?: number;
  /** Answer normally but without any usage field (a stream also loses its usage chunk). */
  noUsage?: boolean;
  /**
   * Streams only: after the first content frame send one error frame (OpenAI `data: {error}`, Claude
   * `event: error`, Responses `event: error`, Gemini `data: {error}`) and end without a done marker.
   * `message` and `body` shape that frame; without `status` the reply stays HTTP 200. JSON replies
   * are unaffected. (A 200 whose JSON body is an error: `{status: 200, body: {error: {…}}}`.)
   */
  midStreamError?: boolean;
  /** Streams only: wait this long between frames, so a client sees the reply arrive piece by piece. */
  frameDelayMs?: number;
}

/** Options of startFakeUpstream. */
export interface FakeUpstreamOptions {
  /** What the OpenAI billing routes report (default DEFAULT_FAKE_BALANCE). */
  balance?: FakeBalance;
}

/** A running fake upstream. */
export interface FakeUpstream {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:40123. */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Queues a failure script; scripts apply in order, each for `times` requests. */
  script: (failure: FailureScript) => void;
  /** Replaces the balance the billing routes report (kept across reset). */
  setBalance: (balance: FakeBalance) => void;
  /** Drops queued scripts and recorded requests. */
  reset: () => void;
  close: () => Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendReply(res: ServerResponse, reply: FakeReply, breakAfter: number | undefined): void {
  if (breakAfter !== undefined && reply.kind !== 'sse') {
    res.socket?.destroy();
    return;
  }
  if (reply.kind === 'json') {
    sendJson(res, reply.status, reply.body);
    return;
  }
  if (reply.kind === 'bytes') {
    res.writeHead(reply.status, { 'content-type': reply.contentType, 'content-length': reply.body.length });
    res.end(reply.body);
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  const frames = breakAfter === undefined ? reply.frames : reply.frames.slice(0, breakAfter);
  for (const frame of frames) res.write(frame);
  if (breakAfter === undefined) {
    res.end();
    return;
  }
  // Let the written frames reach the client before the connection drops mid-stream.
  setTimeout(() => res.socket?.destroy(), 20);
}

/**
 * Starts one loopback HTTP server speaking the OpenAI, Azure, Claude and Gemini wire formats with
 * deterministic replies (see reply-text.ts), recording every request and obeying failure scripts.
 */
export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  let balance = options.balance ?? DEFAULT_FAKE_BALANCE;
  let baseUrl = '';
  const scripts: Array<FailureScript & { left: number }> = [];
  const timers = new Set<NodeJS.Timeout>();

  const takeScript = (): FailureScript | undefined => {
    const head = scripts[0];
    if (!head) return undefined;
    head.left -= 1;
    if (head.left <= 0) scripts.shift();
    return head;
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const parsed = new URL(req.url ?? '/', 'http://fake.local');
    const method = req.method ?? 'GET';
    const route = matchFakeRoute(method, parsed.pathname);
    const raw = await readRawBody(req);
    const body = await parseRequestBody(raw, req.headers);
    const query = Object.fromEntries(parsed.searchParams);
    const path = parsed.pathname;
    const request: RecordedRequest = {
      method,
      path,
      query,
      headers: req.headers,
      body,
      raw,
      vendor: route?.vendor,
    };
    requests.push(request);
    const failure = takeScript();
    if (failure?.delayMs) await wait(failure.delayMs);
    if (res.destroyed) return;
    const vendor = route?.vendor ?? 'openai';
    if (failure?.status !== undefined) {
      const message = failure.message ?? `fake upstream error ${failure.status}`;
      sendJson(res, failure.status, failure.body ?? fakeErrorBody(vendor, failure.status, message));
      return;
    }
    if (!route) {
      sendJson(res, 404, fakeErrorBody(vendor, 404, `no fake route for ${method} ${parsed.pathname}`));
      return;
    }
    const midStreamError = failure?.midStreamError
      ? { message: failure.message ?? 'fake upstream error mid-stream', body: failure.body }
      : undefined;
    const reply = await route.answer(request, {
      noUsage: failure?.noUsage === true,
      midStreamError,
      baseUrl,
      balance,
    });
    if (failure?.frameDelayMs && reply.kind === 'sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const frame of reply.frames) {
        if (res.destroyed) return;
        res.write(frame);
        await wait(failure.frameDelayMs);
      }
      res.end();
      return;
    }
    sendReply(res, reply, failure?.breakStreamAfter);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, fakeErrorBody('openai', 500, String(error)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    requests,
    script: (failure) => scripts.push({ ...failure, left: failure.times ?? 1 }),
    setBalance: (next) => {
      balance = next;
    },
    reset: () => {
      scripts.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
