// A loopback OpenAI chat upstream that writes its stream frames one at a time with a pause between them,
// so a client can go away while the upstream is still sending (behaviour spec §11.4). The frames are the
// fake upstream's own (same text, same usage), only paced; the fake itself writes a stream in one go.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from '../../test-support/fake-upstream/fake-reply.js';
import { openAiChatReply } from '../../test-support/fake-upstream/openai-wire.js';
import { parseRequestBody, readRawBody } from '../../test-support/fake-upstream/request-body.js';

export interface PacedUpstream {
  url: string;
  /** Requests received. */
  received: number;
  /** Streams whose every frame was written to a connection still open at the end. */
  completed: number;
  close(): Promise<void>;
}

/** Starts the paced upstream; `frameDelayMs` is the pause after each frame. */
export async function startPacedUpstream(frameDelayMs: number): Promise<PacedUpstream> {
  const timers = new Set<NodeJS.Timeout>();
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, frameDelayMs);
      timers.add(timer);
    });
  const state: PacedUpstream = {
    url: '',
    received: 0,
    completed: 0,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((req, res) => {
    void (async () => {
      state.received += 1;
      const body = await parseRequestBody(await readRawBody(req), req.headers);
      const request: RecordedRequest = {
        method: req.method ?? 'POST',
        path: req.url ?? '/',
        query: {},
        headers: req.headers,
        body,
        vendor: 'openai',
      };
      const model = String((body as { model?: unknown } | undefined)?.model ?? 'paced');
      const reply = openAiChatReply(request, model);
      if (reply.kind !== 'sse') {
        res.writeHead(reply.kind === 'json' ? reply.status : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.kind === 'json' ? reply.body : {}));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      for (const frame of reply.frames) {
        if (res.destroyed) return;
        res.write(frame);
        await pause();
      }
      if (!res.destroyed) state.completed += 1;
      res.end();
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
