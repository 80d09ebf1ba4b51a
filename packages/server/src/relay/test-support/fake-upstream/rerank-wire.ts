// The rerank endpoints of Jina, Cohere and SiliconFlow as each vendor answers them. The three share the
// path `/v1/rerank`, so the fake serves each under its own prefix (`/jina/v1/rerank`, …): a test's channel
// base URL is `<fake>/jina`. Scores are deterministic: the share of a document's words found in the query.
import {
  bodyField,
  type FakeReply,
  type FakeReplyOptions,
  type FakeVendor,
  type RecordedRequest,
} from './fake-reply.js';
import { countFakeTokens } from './reply-text.js';

/** The rerank vendors the fake speaks, by path prefix. */
export const RERANK_VENDORS = ['jina', 'cohere', 'siliconflow'] as const;
export type RerankVendor = (typeof RERANK_VENDORS)[number];

/** The text of a rerank document: a string, or an object's `text` ('' for anything else). */
export function fakeDocumentText(document: unknown): string {
  if (typeof document === 'string') return document;
  const text = bodyField(document, 'text');
  return typeof text === 'string' ? text : '';
}

/** Words of the query and every document: the tokens Jina and SiliconFlow report. */
export function fakeRerankTokens(query: string, documents: readonly unknown[]): number {
  return (
    countFakeTokens(query) +
    documents.reduce<number>((sum, d) => sum + countFakeTokens(fakeDocumentText(d)), 0)
  );
}

/** The score of one document for a query (the share of its words that occur in the query, 0..1). */
export function fakeRelevance(query: string, document: unknown): number {
  const words = new Set(query.toLowerCase().split(/\s+/).filter(Boolean));
  const own = fakeDocumentText(document).toLowerCase().split(/\s+/).filter(Boolean);
  if (own.length === 0) return 0;
  return own.filter((word) => words.has(word)).length / own.length;
}

/** Cohere bills one search unit per call of up to 100 documents. */
export function fakeSearchUnits(documents: number): number {
  return Math.max(1, Math.ceil(documents / 100));
}

/** The vendor's error body for a status (Jina: FastAPI `detail`; Cohere: `message`; SiliconFlow: code + message). */
export function rerankErrorBody(vendor: RerankVendor, status: number, message: string): unknown {
  if (vendor === 'jina') return { detail: message };
  if (vendor === 'cohere') return { message };
  return { code: 20000 + status, message, data: null };
}

/** `POST /<vendor>/v1/rerank`; `noUsage` leaves out Jina's usage and the others' meta. */
export function rerankReply(
  vendor: RerankVendor,
  request: RecordedRequest,
  options: FakeReplyOptions,
): FakeReply {
  const query = bodyField(request.body, 'query');
  const documents = bodyField(request.body, 'documents');
  const model = bodyField(request.body, 'model');
  if (typeof query !== 'string' || !Array.isArray(documents) || typeof model !== 'string') {
    return {
      kind: 'json',
      status: 400,
      body: rerankErrorBody(vendor, 400, 'query, documents and model are required'),
    };
  }
  const topN = Number(bodyField(request.body, 'top_n')) || documents.length;
  // Jina returns the documents unless told not to; Cohere and SiliconFlow only when asked.
  const returnDocuments = bodyField(request.body, 'return_documents') ?? vendor === 'jina';
  const results = documents
    .map((document, index) => ({
      index,
      relevance_score: fakeRelevance(query, document),
      ...(returnDocuments ? { document: { text: fakeDocumentText(document) } } : {}),
    }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, topN);
  const tokens = fakeRerankTokens(query, documents);
  if (options.noUsage) return { kind: 'json', status: 200, body: { model, results } };
  if (vendor === 'jina') {
    return { kind: 'json', status: 200, body: { model, usage: { total_tokens: tokens }, results } };
  }
  if (vendor === 'cohere') {
    return {
      kind: 'json',
      status: 200,
      body: {
        id: `rerank-${tokens}`,
        results,
        meta: {
          api_version: { version: '1' },
          billed_units: { search_units: fakeSearchUnits(documents.length) },
        },
      },
    };
  }
  return {
    kind: 'json',
    status: 200,
    body: {
      id: `rerank-${tokens}`,
      results,
      meta: {
        billed_units: { input_tokens: tokens, output_tokens: 0, search_units: 0, classifications: 0 },
        tokens: { input_tokens: tokens, output_tokens: 0 },
      },
    },
  };
}

/** Whether a fake vendor name is a rerank vendor. */
export function isRerankVendor(vendor: FakeVendor): vendor is RerankVendor {
  return (RERANK_VENDORS as readonly string[]).includes(vendor);
}
