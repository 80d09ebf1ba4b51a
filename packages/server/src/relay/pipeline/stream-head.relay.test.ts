// A stream's head (status and headers) reaches the client as soon as the upstream has answered, before
// its first frame: a client waiting on a model's slow first token sees the 200 at once. (The relay sends
// the head with the first frame when that is already there, so the head is not a write of its own.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiChatReply } from '../test-support/fake-upstream/openai-wire.js';
import { parseRequestBody, readRawBody } from '../test-support/fake-upstream/request-body.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

/** How long the upstream holds its first frame when nobody says the head arrived (the test then fails). */
const HOLD_LIMIT_MS = 5000;

describe('a stream whose first frame is slow', () => {
  let r: RelayTestApp;
  let key: string;
  let upstream: Server;
  /** Set by the test once the client has the head; the upstream then sends its frames. */
  let release: () => void = () => {};
  let framesWritten = false;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      void (async () => {
        const body = await parseRequestBody(await readRawBody(req), req.headers);
        const reply = openAiChatReply(
          { method: 'POST', path: req.url ?? '/', query: {}, headers: req.headers, body, vendor: 'openai' },
          'gpt-4o-mini',
        );
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        await new Promise<void>((resolve) => {
          release = resolve;
          setTimeout(resolve, HOLD_LIMIT_MS).unref();
        });
        framesWritten = true;
        res.end(reply.kind === 'sse' ? reply.frames.join('') : '');
      })().catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    r = await startRelayApp();
    await r.addChannel({ base_url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    key = (await r.newCaller()).key;
  });
  afterAll(async () => {
    await r?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('gets the 200 and the SSE headers before the upstream sends a frame, then the whole stream', async () => {
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    const headBeforeFrames = !framesWritten;
    release();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-oneapi-request-id')).toBeTruthy();
    expect(headBeforeFrames).toBe(true);
    expect(await response.text()).toContain('data: [DONE]');
  });
});
