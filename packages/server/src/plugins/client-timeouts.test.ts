// Slow clients are dropped (issue 8, item 11): a body trickled a byte at a time and headers that never
// end are cut at the configured limits, on a real socket; a streamed reply that runs well past the
// request limit still completes, because the limit stops counting once the request is in.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PacedUpstream, startPacedUpstream } from '../relay/scenarios/test-support/paced-upstream.js';
import { type RelayTestApp, startRelayApp } from '../relay/test-support/relay-app.js';

const REQUEST_SECONDS = 1;
const HEADERS_SECONDS = 0.5;
// Far beyond both limits: a socket still open then was never going to be closed.
const PATIENCE_MS = 6000;

interface Trickle {
  /** Seconds from the first byte until the server closed the socket, or undefined (still open). */
  closedAfter: number | undefined;
  /** What the server wrote back. */
  received: string;
}

/** Writes `head` at once, then one byte of `drip` every 100 ms, until the server closes or patience ends. */
function trickle(port: number, head: string, drip: string): Promise<Trickle> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const startedAt = performance.now();
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfter: number | undefined) => {
      clearInterval(timer);
      clearTimeout(patience);
      socket.destroy();
      resolve({ closedAfter, received });
    };
    const patience = setTimeout(() => finish(undefined), PATIENCE_MS);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => finish((performance.now() - startedAt) / 1000));
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (!socket.writable) return;
        socket.write(drip[sent % drip.length] as string);
        sent += 1;
      }, 100);
    });
  });
}

describe('client time limits', () => {
  let r: RelayTestApp;
  let paced: PacedUpstream;
  let port: number;
  beforeAll(async () => {
    paced = await startPacedUpstream(400);
    r = await startRelayApp('sqlite', {
      CLIENT_REQUEST_TIMEOUT: String(REQUEST_SECONDS),
      CLIENT_HEADERS_TIMEOUT: String(HEADERS_SECONDS),
    });
    await r.addChannel({ base_url: paced.url, models: 'paced-model' });
    port = Number(new URL(r.url).port);
  });
  afterAll(async () => {
    await r?.close();
    await paced?.close();
  });

  it('a body sent a byte at a time is cut at CLIENT_REQUEST_TIMEOUT with a 408', async () => {
    const who = await r.newCaller();
    const head = [
      'POST /v1/chat/completions HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${who.key}`,
      'Content-Type: application/json',
      'Content-Length: 100000',
      '',
      '',
    ].join('\r\n');
    const result = await trickle(port, head, '{"model":"paced-model","messages":[]} ');
    expect(result.closedAfter).toBeDefined();
    expect(result.closedAfter).toBeLessThan(REQUEST_SECONDS + 2);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers that never end are cut at CLIENT_HEADERS_TIMEOUT', async () => {
    const result = await trickle(port, 'GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: a\r\n');
    expect(result.closedAfter).toBeDefined();
    expect(result.closedAfter).toBeLessThan(HEADERS_SECONDS + 2);
  });

  it('a streamed reply that lasts well past CLIENT_REQUEST_TIMEOUT still completes', async () => {
    const who = await r.newCaller();
    const startedAt = performance.now();
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'paced-model',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
      signal: AbortSignal.timeout(PATIENCE_MS * 2),
    });
    const text = await response.text();
    const seconds = (performance.now() - startedAt) / 1000;
    expect(response.status).toBe(200);
    expect(seconds).toBeGreaterThan(REQUEST_SECONDS * 2);
    expect(text).toContain('data: [DONE]');
  });
});
