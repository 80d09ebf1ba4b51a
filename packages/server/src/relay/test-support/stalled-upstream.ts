// A loopback upstream that stops answering, for the timeout tests: `silent` reads the request and never
// answers (a black-holed upstream), `headers` sends a 200 head and then nothing, `one-frame` sends an SSE
// head and one chat chunk and then nothing. It counts the connections gw opened and gave up on.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StallMode = 'silent' | 'headers' | 'one-frame';

export interface StalledUpstream {
  url: string;
  /** Requests received. */
  received: number;
  /** Connections closed by gw while this upstream still owed the reply. */
  abandoned: number;
  close(): Promise<void>;
}

const CHUNK = {
  id: 'chatcmpl-stalled',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'stalled',
  choices: [{ index: 0, delta: { role: 'assistant', content: 'hel' }, finish_reason: null }],
};

export async function startStalledUpstream(mode: StallMode): Promise<StalledUpstream> {
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    state.received += 1;
    open.add(response);
    response.on('close', () => {
      if (open.delete(response)) state.abandoned += 1;
    });
    request.resume();
    if (mode === 'headers') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.flushHeaders();
    } else if (mode === 'one-frame') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify(CHUNK)}\n\n`);
    }
  });
  const state: StalledUpstream = {
    url: '',
    received: 0,
    abandoned: 0,
    close: async () => {
      open.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
