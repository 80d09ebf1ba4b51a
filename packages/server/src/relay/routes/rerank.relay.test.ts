// POST /v1/rerank over the three wire formats (spec §2.2, §19): Jina (type 47), Cohere (36) and
// SiliconFlow (45), each channel pointing at the fake upstream speaking that vendor's format. Raw HTTP, as
// rerank has no official client. Each reply is checked, then the consume log and the user's quota, which
// must move by exactly the logged charge — on SQLite, and on PostgreSQL and MySQL when their URLs are set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { fakeRelevance, fakeRerankTokens, fakeSearchUnits } from '../test-support/fake-upstream/index.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { countTextTokens } from '../tokens/index.js';

const JINA_MODEL = 'jina-reranker-v2-base-multilingual';
const COHERE_MODEL = 'rerank-english-v3.0';
const SILICONFLOW_MODEL = 'BAAI/bge-reranker-v2-m3';
const START_QUOTA = 5_000_000;
const QUERY = 'which gateway bills in points';
const DOCUMENTS = [
  'the weather is mild today',
  'the gateway bills in integer points',
  'points are what a gateway bills',
];

describe.each(TEST_DIALECTS)('rerank over Jina, Cohere and SiliconFlow (%s)', (kind) => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp(kind);
    const base = r.upstream.url;
    await r.addChannel({ type: 47, base_url: `${base}/jina`, models: JINA_MODEL, key: 'jina-key' });
    await r.addChannel({ type: 36, base_url: `${base}/cohere`, models: COHERE_MODEL, key: 'cohere-key' });
    await r.addChannel({
      type: 45,
      base_url: `${base}/siliconflow`,
      models: 'bge-reranker',
      key: 'sf-key',
      model_mapping: JSON.stringify({ 'bge-reranker': SILICONFLOW_MODEL }),
    });
    // Cohere per call (times 2 ⇒ 2,000 points a search); SiliconFlow per token at 0.5; Jina unpriced (30/30).
    for (const [model, type, input, channelType] of [
      [COHERE_MODEL, 'times', 2, 36],
      [SILICONFLOW_MODEL, 'tokens', 0.5, 45],
    ] as const) {
      await r.setPrice({ model, type, channel_type: channelType, input, output: 0 });
    }
  });
  afterAll(async () => r?.close());

  async function rerank(key: string, body: unknown) {
    const response = await fetch(`${r.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const expectedOrder = () =>
    DOCUMENTS.map((text, index) => ({ index, score: fakeRelevance(QUERY, text) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map((entry) => entry.index);

  it('Jina: its reply passed on, its usage billed at the default 30 per token', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    const reply = await rerank(who.key, { model: JINA_MODEL, query: QUERY, documents: DOCUMENTS, top_n: 2 });
    expect(reply.status).toBe(200);
    const results = reply.body.results as Array<{
      index: number;
      relevance_score: number;
      document: { text: string };
    }>;
    expect(results.map((result) => result.index)).toEqual(expectedOrder().slice(0, 2));
    expect(results[0]?.document.text).toBe(DOCUMENTS[results[0]?.index ?? -1]);
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/jina/v1/rerank');
    expect(sent?.headers.authorization).toBe('Bearer jina-key');
    expect(sent?.body).toMatchObject({ model: JINA_MODEL, query: QUERY, documents: DOCUMENTS, top_n: 2 });
    const tokens = fakeRerankTokens(QUERY, DOCUMENTS);
    expect(reply.body.usage).toMatchObject({ prompt_tokens: tokens, total_tokens: tokens });
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.model_name).toBe(JINA_MODEL);
    expect(log.prompt_tokens).toBe(tokens);
    expect(log.completion_tokens).toBe(0);
    expect(log.quota).toBe(tokens * 30);
  });

  it('Cohere: translated to the Jina shape, billed per search unit (times price: 2,000 points)', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    const reply = await rerank(who.key, { model: COHERE_MODEL, query: QUERY, documents: DOCUMENTS });
    expect(reply.status).toBe(200);
    expect(reply.body.model).toBe(COHERE_MODEL);
    const results = reply.body.results as Array<{ index: number; document: { text: string } }>;
    expect(results.map((result) => result.index)).toEqual(expectedOrder());
    // gw asks Cohere for the documents back, so the texts are there as Jina's reply has them.
    expect(results.map((result) => result.document.text)).toEqual(expectedOrder().map((i) => DOCUMENTS[i]));
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/cohere/v1/rerank');
    expect(sent?.headers.authorization).toBe('Bearer cohere-key');
    expect(sent?.body).toEqual({
      model: COHERE_MODEL,
      query: QUERY,
      documents: DOCUMENTS,
      return_documents: true,
    });
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.prompt_tokens).toBe(fakeSearchUnits(DOCUMENTS.length));
    expect(log.quota).toBe(2_000);
  });

  it('SiliconFlow: the mapped model upstream, meta.tokens billed at 0.5 per token (rounded up)', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    const reply = await rerank(who.key, {
      model: 'bge-reranker',
      query: QUERY,
      documents: DOCUMENTS,
      top_n: 1,
    });
    expect(reply.status).toBe(200);
    expect((reply.body.results as unknown[]).length).toBe(1);
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/siliconflow/v1/rerank');
    expect(sent?.body).toMatchObject({ model: SILICONFLOW_MODEL, top_n: 1, return_documents: true });
    const tokens = fakeRerankTokens(QUERY, DOCUMENTS);
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.model_name).toBe(SILICONFLOW_MODEL);
    expect(log.prompt_tokens).toBe(tokens);
    expect(log.quota).toBe(Math.ceil(tokens * 0.5));
  });

  it('a reply without usage is billed on the local estimate: query and text documents, +10 per other', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    r.upstream.script({ noUsage: true });
    const documents = [...DOCUMENTS, { image: 'https://example.com/cat.png' }];
    const reply = await rerank(who.key, { model: JINA_MODEL, query: QUERY, documents });
    expect(reply.status).toBe(200);
    const text = `${QUERY}\n${DOCUMENTS.map((d) => `${d}\n`).join('')}`;
    const estimate = countTextTokens(JINA_MODEL, text, { approximate: false }) + 10;
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.prompt_tokens).toBe(estimate);
    expect(log.quota).toBe(estimate * 30);
  });

  it('errors answer as {"detail": …}: the upstream error passed on, nothing billed', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    r.upstream.script({ status: 422, message: 'documents too long' });
    const failed = await rerank(who.key, { model: JINA_MODEL, query: QUERY, documents: DOCUMENTS });
    expect(failed.status).toBe(422);
    expect(Object.keys(failed.body)).toEqual(['detail']);
    expect(failed.body.detail).toMatch(/^Provider API error: documents too long \(request id: \w+\)$/);
    const missing = await rerank(who.key, { model: JINA_MODEL, documents: DOCUMENTS });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body)).toEqual(['detail']);
    expect(String(missing.body.detail)).toContain('query');
    const broken = await rerank(who.key, '{"model": ');
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body)).toEqual(['detail']);
    const badKey = await rerank('sk-not-a-key', { model: JINA_MODEL, query: QUERY, documents: DOCUMENTS });
    expect(badKey.status).toBe(401);
    expect(Object.keys(badKey.body)).toEqual(['detail']);
    await r.flush();
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(0);
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select(['quota', 'request_count'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: START_QUOTA, request_count: 0 });
  });
});
