// Rerank over the three wire formats one-hub relays (behaviour spec §2.2 `/v1/rerank`, §19 rows cohere,
// jina, siliconflow). Clients speak Jina's format — `{model, query, documents, top_n}` in,
// `{model, results: [{index, relevance_score, document: {text}}], usage}` out — and each vendor's reply is
// brought back to it with the usage it bills: Jina's own `usage`, Cohere's search units as prompt
// tokens (one unit per search, so a tokens price bills per call), SiliconFlow's `meta.tokens`.
import type { BillingUsage } from '../../billing/extra-usage.js';
import type { ProviderCall, TranslatedReply, UpstreamError, UpstreamRequest } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { jsonRequestBody } from './json-body.js';
import { parseUpstreamError } from './upstream-error.js';

/** One scored document as clients read it. */
export interface RerankResult {
  index: number;
  relevance_score: number;
  document?: { text: string };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/** A POST of a JSON rerank body with a bearer key and the channel's own headers. */
export function rerankRequest(
  call: ProviderCall,
  url: string,
  body: Record<string, unknown>,
): UpstreamRequest {
  return {
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${call.channel.key}`,
      ...call.channel.headers,
      'content-type': 'application/json',
    },
    body: jsonRequestBody(body),
  };
}

/**
 * The body Cohere and SiliconFlow take: the fields they define, documents asked back (`return_documents`)
 * so the reply carries their text as Jina's does.
 */
export function documentsRerankBody(call: ProviderCall): Record<string, unknown> {
  const body = call.body as Record<string, unknown>;
  const out: Record<string, unknown> = {
    model: call.model,
    query: body.query,
    documents: body.documents,
    return_documents: true,
  };
  if (body.top_n !== undefined) out.top_n = body.top_n;
  return out;
}

/** Reads the scored documents of a reply (all three vendors use the same result objects). */
export function readRerankResults(results: unknown): RerankResult[] {
  if (!Array.isArray(results)) throw badReply('the reply has no results');
  return results.filter(isRecord).map((result) => {
    const document = result.document;
    const text = typeof document === 'string' ? document : isRecord(document) ? document.text : undefined;
    return {
      index: count(result.index),
      relevance_score: typeof result.relevance_score === 'number' ? result.relevance_score : 0,
      ...(typeof text === 'string' ? { document: { text } } : {}),
    };
  });
}

function badReply(message: string): UpstreamFailure {
  return new UpstreamFailure({
    status: 500,
    message,
    type: 'upstream_error',
    code: 'bad_response',
    param: null,
  });
}

/** The reply clients read, with the usage billed. `usage` undefined = the vendor reported none. */
export function rerankReply(
  model: string,
  results: RerankResult[],
  usage: BillingUsage | undefined,
): TranslatedReply {
  const shown = usage ?? { prompt_tokens: 0, completion_tokens: 0 };
  return {
    body: {
      model,
      results,
      usage: {
        prompt_tokens: shown.prompt_tokens,
        completion_tokens: shown.completion_tokens,
        total_tokens: shown.prompt_tokens + shown.completion_tokens,
      },
    },
    text: '',
    ...(usage ? { usage } : {}),
  };
}

/** A rerank reply whose body is not an object is not a reply. */
export function rerankObject(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw badReply('the reply is not a JSON object');
  return body;
}

/** Usage from counts; undefined when both are zero (nothing reported: the local estimate is billed). */
export function rerankUsage(prompt: unknown, completion: unknown = 0): BillingUsage | undefined {
  const p = count(prompt);
  const c = count(completion);
  return p + c > 0 ? { prompt_tokens: p, completion_tokens: c } : undefined;
}

/**
 * The error of a rerank vendor (status ≥ 400): Jina's `{"detail": …}` (a string, or FastAPI's list of
 * `{msg}`), Cohere's and SiliconFlow's `{"message": …}`, or an OpenAI-style `{"error": {message}}`.
 */
export function parseRerankError(status: number, bodyText: string): UpstreamError {
  return parseUpstreamError(status, bodyText, (parsed) => {
    if (!isRecord(parsed)) return undefined;
    const nested = isRecord(parsed.error) ? parsed.error.message : parsed.error;
    const detail = Array.isArray(parsed.detail)
      ? parsed.detail
          .map((item) => (isRecord(item) && typeof item.msg === 'string' ? item.msg : ''))
          .filter(Boolean)
          .join('; ')
      : parsed.detail;
    const message = [parsed.message, detail, nested].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    if (message === undefined) return undefined;
    return {
      status: message.startsWith('当前分组') ? 429 : status,
      message: `Provider API error: ${message}`,
      type: 'upstream_error',
      code: typeof parsed.code === 'string' || typeof parsed.code === 'number' ? parsed.code : null,
      param: null,
    };
  });
}
