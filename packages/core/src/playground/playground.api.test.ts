// The playground's calls against a small relay on loopback that streams slowly, and the log read-back
// against a client whose log list fills on the third look.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../http/client.js';
import { GwApiError } from '../http/errors.js';
import { buildChatRequest, playgroundSchema } from './chat-request.js';
import type { ChatStreamEvent } from './chat-stream.js';
import { countCallLogs, findCallLog, listRelayModels, streamChatCompletion } from './playground.api.js';

let server: Server;
let baseUrl = '';
const seen: { auth?: string; body?: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (part: Buffer) => chunks.push(part));
    req.on('end', () => {
      seen.push({
        auth: req.headers.authorization,
        body: chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined,
      });
      if (req.headers.authorization !== 'Bearer sk-good') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'invalid token', type: 'one_hub_error' } }));
        return;
      }
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ object: 'list', data: [{ id: 'b-model' }, { id: 'a-model' }, { id: 'a-model' }] }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-oneapi-request-id': 'req-1' });
      const frames = ['Hel', 'lo'].map((text) => `data: {"choices":[{"delta":{"content":"${text}"}}]}\n\n`);
      frames.push(
        'data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}\n\n',
      );
      frames.push('data: [DONE]\n\n');
      // One frame at a time, split mid-line, so the client must read as it arrives.
      let at = 0;
      const text = frames.join('');
      const tick = setInterval(() => {
        res.write(text.slice(at, at + 20));
        at += 20;
        if (at >= text.length) {
          clearInterval(tick);
          res.end();
        }
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('playground calls', () => {
  const body = buildChatRequest(
    playgroundSchema.parse({ token_id: '1', model: 'a-model', message: 'hi' }),
    [],
  );

  it('lists the token’s models, sorted and once each, sending the key with sk-', async () => {
    expect(await listRelayModels({ baseUrl, key: 'good' })).toEqual(['a-model', 'b-model']);
    expect(seen.at(-1)?.auth).toBe('Bearer sk-good');
  });

  it('streams the reply event by event and resolves with the text, usage and request id', async () => {
    const events: ChatStreamEvent[] = [];
    const result = await streamChatCompletion({ baseUrl, key: 'sk-good' }, body, (event) =>
      events.push(event),
    );
    expect(
      events
        .filter((event) => event.type === 'delta')
        .map((event) => event.type === 'delta' && event.content),
    ).toEqual(['Hel', 'lo']);
    expect(result).toEqual({
      content: 'Hello',
      reasoning: '',
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      requestId: 'req-1',
    });
    expect(seen.at(-1)?.body).toEqual(body);
  });

  it('turns a refusal into an error carrying the relay’s message and status', async () => {
    const refusal = await streamChatCompletion({ baseUrl, key: 'bad' }, body, () => undefined).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(GwApiError);
    expect(refusal).toMatchObject({ message: 'invalid token', status: 401 });
  });

  it('reads the call’s consume log back once the count passes the one before the call, asking again until the batch is written', async () => {
    // An older call's log is there from the start; this call's log lands on the third look.
    const older = { id: 8, created_at: 90, type: 2, quota: 40, model_name: 'a-model' };
    const ours = { id: 9, created_at: 100, type: 2, quota: 61, model_name: 'a-model' };
    const urls: string[] = [];
    const client = new ApiClient({
      baseUrl: 'http://gw.test',
      fetch: async (url) => {
        urls.push(url);
        const rows = urls.length < 4 ? [older] : [ours, older];
        const page = { data: rows.slice(0, 1), page: 1, size: 1, total_count: rows.length };
        return { status: 200, text: async () => JSON.stringify({ success: true, message: '', data: page }) };
      },
    });
    const call = { tokenName: 'mine', model: 'a-model' };
    const before = await countCallLogs(client, call);
    expect(before).toBe(1);
    const waits: number[] = [];
    const log = await findCallLog(client, call, before, {
      waitMs: 250,
      wait: async (ms) => void waits.push(ms),
    });
    expect(log).toMatchObject({ id: 9, quota: 61 });
    expect(waits).toEqual([250, 250]);
    const asked = new URL(urls[0] ?? '').searchParams;
    expect([asked.get('token_name'), asked.get('model_name'), asked.get('log_type')]).toEqual([
      'mine',
      'a-model',
      '2',
    ]);
    const never = await findCallLog(client, call, 5, { attempts: 2, wait: async () => undefined });
    expect(never).toBeUndefined();
  });
});
