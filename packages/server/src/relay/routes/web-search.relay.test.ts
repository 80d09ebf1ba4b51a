// The `#search` model suffix (behaviour spec §1.2 search.searxng.url / search.tavily.key, §5.4 step 3): with
// an engine configured, a chat request for `model#search` asks it about the last user message first and
// sends the results upstream as a system message before the caller's messages. The engine is a real HTTP
// server on loopback answering SearxNG's (and Tavily's) JSON.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { createWebSearch } from '../pipeline/web-search.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

interface SeenSearch {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** A loopback search engine: records each call and answers with `answer` (replaceable per test). */
async function startFakeEngine() {
  const seen: SeenSearch[] = [];
  let answer: (response: ServerResponse) => void = (response) => json(response, HITS);
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://engine');
      seen.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, body });
      answer(response);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answerWith(next: (response: ServerResponse) => void) {
      answer = next;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function json(response: ServerResponse, value: unknown) {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

const HITS = {
  query: 'ignored',
  results: [
    { title: 'Gateway docs', url: 'https://example.test/gw', content: 'gw relays OpenAI-style requests.' },
    { title: 'No url here', content: 'dropped' },
    { title: 'Release notes', url: 'https://example.test/notes', content: 'x'.repeat(5000) },
  ],
};

type ChatBody = { model: string; messages: Array<{ role: string; content: unknown }> };

describe.each(TEST_DIALECTS)('the #search model suffix with a SearxNG engine on %s', (kind) => {
  let engine: Awaited<ReturnType<typeof startFakeEngine>>;
  let r: RelayTestApp;
  beforeAll(async () => {
    engine = await startFakeEngine();
    r = await startRelayApp(kind, { SEARCH_SEARXNG_URL: `${engine.url}/` });
    await r.addChannel({ models: 'gpt-4o-mini' });
  });
  afterAll(async () => {
    await r?.close();
    await engine?.close();
  });
  beforeEach(() => {
    r.upstream.reset();
    engine.seen.length = 0;
    engine.answerWith((response) => json(response, HITS));
  });

  const messages = [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'an older question' },
    { role: 'assistant', content: 'an older answer' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'what is' },
        { type: 'text', text: 'the gw gateway?' },
      ],
    },
  ];

  async function chat(model: string) {
    const who = await r.newCaller({ quota: 5_000_000 });
    return fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages }),
    });
  }

  it('asks the engine about the last user message and puts the results first as a system message', async () => {
    const response = await chat('gpt-4o-mini#search');
    expect(response.status).toBe(200);
    expect(engine.seen).toHaveLength(1);
    expect(engine.seen[0]?.path).toBe('/search');
    expect(engine.seen[0]?.query.get('q')).toBe('what is the gw gateway?');
    expect(engine.seen[0]?.query.get('format')).toBe('json');
    const sent = r.upstream.requests[0]?.body as ChatBody;
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.messages.slice(1)).toEqual(messages);
    const first = sent.messages[0];
    expect(first?.role).toBe('system');
    const text = first?.content as string;
    expect(text).toContain('what is the gw gateway?');
    expect(text).toContain('[1] Gateway docs\nhttps://example.test/gw\ngw relays OpenAI-style requests.');
    // A hit without a URL is skipped; a long one is cut short.
    expect(text).not.toContain('dropped');
    expect(text).toContain('[2] Release notes');
    expect(text.length).toBeLessThan(2000);
  });

  it('leaves a request without the suffix alone and never calls the engine', async () => {
    expect((await chat('gpt-4o-mini')).status).toBe(200);
    expect(engine.seen).toHaveLength(0);
    expect((r.upstream.requests[0]?.body as ChatBody | undefined)?.messages).toEqual(messages);
  });

  it('relays the request unchanged when the engine fails or answers too much', async () => {
    engine.answerWith((response) => {
      response.writeHead(500);
      response.end('down');
    });
    expect((await chat('gpt-4o-mini#search')).status).toBe(200);
    engine.answerWith((response) =>
      json(response, { results: [{ url: 'u', content: 'y'.repeat(2_000_000) }] }),
    );
    expect((await chat('gpt-4o-mini#search')).status).toBe(200);
    expect(engine.seen).toHaveLength(2);
    for (const request of r.upstream.requests) {
      const sent = request.body as ChatBody;
      expect(sent.model).toBe('gpt-4o-mini');
      expect(sent.messages).toEqual(messages);
    }
  });
});

describe('createWebSearch', () => {
  let engine: Awaited<ReturnType<typeof startFakeEngine>>;
  beforeAll(async () => {
    engine = await startFakeEngine();
  });
  afterAll(async () => engine?.close());
  beforeEach(() => {
    engine.seen.length = 0;
  });

  it('is undefined when no engine is configured', () => {
    expect(createWebSearch({})).toBeUndefined();
  });

  it('gives up on an engine slower than its timeout with no results', async () => {
    engine.answerWith(() => {
      // never answers
    });
    const search = createWebSearch({ searxngUrl: engine.url, timeoutMs: 200 });
    const started = performance.now();
    expect(await search?.('slow')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('posts the query and key to Tavily when only a Tavily key is set', async () => {
    engine.answerWith((response) => json(response, HITS));
    const search = createWebSearch({ tavilyKey: 'tvly-test', tavilyUrl: engine.url });
    const hits = await search?.('tavily question');
    expect(hits?.[0]).toEqual({
      title: 'Gateway docs',
      url: 'https://example.test/gw',
      content: 'gw relays OpenAI-style requests.',
    });
    expect(engine.seen[0]?.method).toBe('POST');
    expect(engine.seen[0]?.path).toBe('/search');
    expect(JSON.parse(engine.seen[0]?.body ?? '{}')).toMatchObject({
      api_key: 'tvly-test',
      query: 'tavily question',
    });
  });
});
