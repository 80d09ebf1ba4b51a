// A loopback HTTP endpoint for screen tests: it records what a screen's action sends (method, path with
// query, JSON body) and answers with the envelope set for that route, so the real ApiClient, its
// fetch and its reply parsing run end to end.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ApiClient } from '../../http/client.js';
import { createNodeFetch } from '../transport.js';

export interface RecordedRequest {
  method: string;
  /** The path with its query string. */
  url: string;
  body: unknown;
}

export interface WireRecorder {
  client: ApiClient;
  requests: RecordedRequest[];
  /** Sets the `data` answered to `METHOD /path` (query ignored); unset routes answer `success` with no data. */
  answer(route: string, data: unknown): void;
  /** Makes `METHOD /path` answer `{success:false, message, code}` (a refusal). */
  refuse(route: string, message: string, code?: string): void;
  close(): Promise<void>;
}

export async function startWireRecorder(): Promise<WireRecorder> {
  const requests: RecordedRequest[] = [];
  const answers = new Map<string, unknown>();
  const refusals = new Map<string, { message: string; code?: string }>();
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const url = req.url ?? '';
      requests.push({ method: req.method ?? '', url, body: text ? JSON.parse(text) : undefined });
      const route = `${req.method} ${url.split('?')[0]}`;
      const data = answers.get(route);
      const refusal = refusals.get(route);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          refusal
            ? { success: false, ...refusal }
            : { success: true, message: '', ...(data === undefined ? {} : { data }) },
        ),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    client: new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: createNodeFetch() }),
    requests,
    answer: (route, data) => answers.set(route, data),
    refuse: (route, message, code) => refusals.set(route, { message, ...(code ? { code } : {}) }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * One recorder for a test file: started before its tests, closed after them, its recorded requests
 * cleared before each test. The returned object reads through to the running recorder.
 */
export function useWireRecorder(): WireRecorder {
  let wire: WireRecorder | undefined;
  beforeAll(async () => {
    wire = await startWireRecorder();
  });
  afterAll(() => wire?.close());
  beforeEach(() => {
    if (wire) wire.requests.length = 0;
  });
  const running = () => {
    if (!wire) throw new Error('the wire recorder starts in beforeAll');
    return wire;
  };
  return {
    get client() {
      return running().client;
    },
    get requests() {
      return running().requests;
    },
    answer: (route, data) => running().answer(route, data),
    refuse: (route, message, code) => running().refuse(route, message, code),
    close: () => running().close(),
  };
}
