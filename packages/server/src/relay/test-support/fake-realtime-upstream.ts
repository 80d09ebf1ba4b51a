// A fake OpenAI Realtime upstream on loopback, speaking the real event names: `session.created` on open,
// `session.updated` for `session.update`, and for each `response.create` a `response.created`, a text
// delta and a `response.done` carrying FAKE_REALTIME_USAGE. How each new connection behaves is scripted
// (refuse the upgrade, an error event or binary data first, silence). A client event of type
// FAKE_CLOSE_EVENT makes it close the socket with FAKE_CLOSE_CODE.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** The usage each `response.done` reports (OpenAI's realtime usage object). */
export const FAKE_REALTIME_USAGE = {
  total_tokens: 183,
  input_tokens: 120,
  output_tokens: 63,
  input_token_details: { cached_tokens: 20, text_tokens: 40, audio_tokens: 80 },
  output_token_details: { text_tokens: 15, audio_tokens: 48 },
} as const;

export const FAKE_CLOSE_EVENT = 'gw_test.close_upstream';
export const FAKE_CLOSE_CODE = 4001;

export type FakeRealtimeBehaviour = 'ok' | 'refuse' | 'error-first' | 'binary-first' | 'silent';

export interface FakeRealtimeConnection {
  url: string;
  headers: IncomingHttpHeaders;
  /** Client events received, parsed. */
  events: Array<{ type: string } & Record<string, unknown>>;
  /** Set once the socket closed, with the code the fake saw. */
  closedWith: number | undefined;
}

export interface FakeRealtimeUpstream {
  url: string;
  connections: FakeRealtimeConnection[];
  /** How the next connections behave, in order (afterwards: 'ok'). */
  script(...behaviours: FakeRealtimeBehaviour[]): void;
  close(): Promise<void>;
}

export async function startFakeRealtimeUpstream(): Promise<FakeRealtimeUpstream> {
  const queue: FakeRealtimeBehaviour[] = [];
  const connections: FakeRealtimeConnection[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((_request, response) => {
    response.writeHead(404).end();
  });
  let seq = 0;
  const send = (socket: WebSocket, event: Record<string, unknown>) =>
    socket.send(JSON.stringify({ event_id: `event_fake_${seq++}`, ...event }));

  server.on('upgrade', (request, socket, head) => {
    const behaviour = queue.shift() ?? 'ok';
    const connection: FakeRealtimeConnection = {
      url: request.url ?? '',
      headers: request.headers,
      events: [],
      closedWith: undefined,
    };
    connections.push(connection);
    if (behaviour === 'refuse') {
      const body = JSON.stringify({
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('close', (code) => {
        connection.closedWith = code;
      });
      if (behaviour === 'error-first') {
        send(ws, { type: 'error', error: { type: 'server_error', message: 'upstream overloaded' } });
        return;
      }
      if (behaviour === 'binary-first') {
        ws.send(Buffer.from([1, 2, 3]), { binary: true });
        return;
      }
      if (behaviour === 'silent') return;
      const model = new URL(connection.url, 'http://fake').searchParams.get('model') ?? '';
      send(ws, {
        type: 'session.created',
        session: { id: `sess_${seq}`, object: 'realtime.session', model },
      });
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string } & Record<string, unknown>;
        connection.events.push(event);
        if (event.type === FAKE_CLOSE_EVENT) return ws.close(FAKE_CLOSE_CODE, 'fake upstream closed');
        if (event.type === 'session.update')
          return send(ws, { type: 'session.updated', session: event.session });
        if (event.type === 'response.create') {
          const id = `resp_${seq}`;
          send(ws, {
            type: 'response.created',
            response: { id, object: 'realtime.response', status: 'in_progress' },
          });
          send(ws, {
            type: 'response.output_text.delta',
            response_id: id,
            item_id: 'item_1',
            delta: 'Hello',
          });
          send(ws, {
            type: 'response.done',
            response: {
              id,
              object: 'realtime.response',
              status: 'completed',
              output: [],
              usage: FAKE_REALTIME_USAGE,
            },
          });
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    script: (...behaviours) => queue.push(...behaviours),
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
