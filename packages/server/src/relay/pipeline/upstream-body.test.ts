// The upstream client's reply bodies against a real loopback server: read whole, read chunk by chunk with
// backpressure, dropped early (the server sees the call end), and aborted by a signal before or after the head.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchUpstream } from './upstream-body.js';

const CHUNK = Buffer.alloc(16 * 1024, 'a');
/** 32 MiB: well past what the kernel's socket buffers hold on loopback (a few MiB). */
const CHUNKS = 2048;

describe('upstream bodies over dispatch', () => {
  let server: Server;
  let base: string;
  const agent = new Agent({ keepAliveTimeout: 1_000 });
  /** Bytes /big has handed to its socket so far. */
  let bigWritten = 0;
  /** Set by /endless once its client went away. */
  let endlessClosed: Promise<number>;
  let markEndlessClosed: (written: number) => void = () => {};

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/bom') {
        res.writeHead(200, { 'content-type': 'application/json', 'x-twice': ['a', 'b'] });
        res.write(Buffer.from([0xef, 0xbb, 0xbf]));
        res.end('{"ok":"é"}');
      } else if (req.url === '/big') {
        res.writeHead(200);
        let sent = 0;
        bigWritten = 0;
        const more = () => {
          while (sent < CHUNKS) {
            sent += 1;
            bigWritten += CHUNK.length;
            if (!res.write(CHUNK)) return res.once('drain', more);
          }
          res.end();
        };
        more();
      } else if (req.url === '/endless') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let written = 0;
        const timer = setInterval(() => {
          written += 1;
          res.write(`data: ${written}\n\n`);
        }, 5);
        res.on('close', () => {
          clearInterval(timer);
          markEndlessClosed(written);
        });
      } else if (req.url === '/slow-head') {
        setTimeout(() => res.end('late'), 2_000);
      } else if (req.url === '/echo?x=1') {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (piece: string) => {
          body += piece;
        });
        req.on('end', () => res.end(`${req.method} ${req.headers['x-test']} ${body}`));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await agent.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, signal?: AbortSignal) =>
    dispatchUpstream(agent, { url: `${base}${path}`, method: 'GET', headers: {}, signal });

  it('sends the method, headers and body, and reads the reply whole without its byte order mark', async () => {
    const echo = await dispatchUpstream(agent, {
      url: `${base}/echo?x=1`,
      method: 'POST',
      headers: { 'x-test': 'yes', 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(await echo.body.text()).toBe('POST yes hello');
    const bom = await get('/bom');
    expect(bom.status).toBe(200);
    expect(bom.headers['content-type']).toBe('application/json');
    expect(bom.headers['x-twice']).toEqual(['a', 'b']);
    expect(await bom.body.text()).toBe('{"ok":"é"}');
  });

  it('hands a slow reader every byte in order, pausing the socket instead of buffering the whole reply', async () => {
    const response = await get('/big');
    let received = 0;
    for await (const chunk of response.body) {
      if (received === 0) {
        // A reader that stops: the upstream is held back by the paused socket, not read into memory.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(bigWritten).toBeLessThan((CHUNK.length * CHUNKS) / 2);
      }
      received += chunk.length;
      expect(chunk.every((byte) => byte === 0x61)).toBe(true);
    }
    expect(received).toBe(CHUNK.length * CHUNKS);
  });

  it('ends the call when the reader leaves early: the upstream sees its client go', async () => {
    endlessClosed = new Promise((resolve) => {
      markEndlessClosed = resolve;
    });
    const response = await get('/endless');
    let frames = 0;
    for await (const _chunk of response.body) {
      frames += 1;
      if (frames === 3) break;
    }
    const written = await endlessClosed;
    expect(written).toBeGreaterThanOrEqual(3);
    await expect(response.body.text()).rejects.toThrow();
  });

  it('fails the head when the signal fires first, and the body when it fires after', async () => {
    const early = AbortSignal.timeout(200);
    const startedAt = performance.now();
    await expect(get('/slow-head', early)).rejects.toThrow();
    expect(performance.now() - startedAt).toBeLessThan(1_500);

    const later = new AbortController();
    const response = await get('/endless', later.signal);
    const reading = response.body.text();
    setTimeout(() => later.abort(new Error('stop')), 50);
    await expect(reading).rejects.toThrow('stop');
  });

  it('rejects a call undici refuses to send (a header with a line break) instead of hanging', async () => {
    await expect(
      dispatchUpstream(agent, { url: `${base}/echo?x=1`, method: 'GET', headers: { 'x-test': 'a\r\nb' } }),
    ).rejects.toThrow();
  });

  it('rejects a call that cannot connect', async () => {
    await expect(
      dispatchUpstream(agent, { url: 'http://127.0.0.1:1/x', method: 'GET', headers: {} }),
    ).rejects.toThrow();
  });
});
