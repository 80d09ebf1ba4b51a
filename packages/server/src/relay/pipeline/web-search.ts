// Web search for the `#search` model suffix (behaviour spec §1.2 search.searxng.url / search.tavily.key,
// §5.4 step 3): a chat request for `model#search` first asks the configured engine about the last user
// message and gets the results as a system message before its own messages.
import type { RelayRequest } from './relay-request.js';

/** One search hit as the model reads it. */
export interface SearchHit {
  title: string;
  url: string;
  content: string;
}

/** Searches the web; resolves [] when the engine fails (the request then goes on without results). */
export type WebSearch = (query: string) => Promise<SearchHit[]>;

export interface WebSearchSettings {
  /** SEARCH_SEARXNG_URL: a SearxNG instance with the JSON format enabled. */
  searxngUrl?: string | undefined;
  /** SEARCH_TAVILY_KEY: a Tavily API key (used when no SearxNG instance is set). */
  tavilyKey?: string | undefined;
  /** Where Tavily's API is (tests point it at a local server). */
  tavilyUrl?: string;
  /** The whole search, connect to last byte (spec: 10 s). */
  timeoutMs?: number;
  /** An engine reply longer than this is not read further (and its results are dropped). */
  maxReplyBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REPLY_BYTES = 1024 * 1024;
/** The model gets the first few hits, each cut short: enough to answer from, little to pay for. */
const MAX_HITS = 5;
const MAX_CONTENT_CHARS = 1000;
const MAX_QUERY_CHARS = 400;

/** The configured engine, or undefined when none is (the suffix is then only stripped). */
export function createWebSearch(settings: WebSearchSettings): WebSearch | undefined {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = settings.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  const { searxngUrl, tavilyKey } = settings;
  if (searxngUrl) {
    return (query) => {
      const url = new URL(`${searxngUrl.replace(/\/+$/, '')}/search`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      return searchJson(url, { method: 'GET' }, timeoutMs, maxBytes);
    };
  }
  if (tavilyKey) {
    const endpoint = new URL(
      `${(settings.tavilyUrl ?? 'https://api.tavily.com').replace(/\/+$/, '')}/search`,
    );
    return (query) =>
      searchJson(
        endpoint,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tavilyKey}` },
          body: JSON.stringify({ api_key: tavilyKey, query, max_results: MAX_HITS }),
        },
        timeoutMs,
        maxBytes,
      );
  }
  return undefined;
}

/** Both engines answer `{results: [{title, url, content}]}`. */
async function searchJson(url: URL, init: RequestInit, timeoutMs: number, maxBytes: number) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok || !response.body) return [];
    const text = await readBounded(response.body, maxBytes);
    if (text === undefined) return [];
    return hitsOf(JSON.parse(text));
  } catch {
    // A slow, unreachable or garbled engine must not fail the chat request: it goes on without results.
    return [];
  }
}

/** The body as text, or undefined once it passes `maxBytes` (the rest is not read). */
async function readBounded(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function hitsOf(reply: unknown): SearchHit[] {
  const results = (reply as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  const hits: SearchHit[] = [];
  for (const item of results) {
    if (hits.length >= MAX_HITS) break;
    if (!item || typeof item !== 'object') continue;
    const { title, url, content } = item as Record<string, unknown>;
    if (typeof url !== 'string') continue;
    hits.push({
      title: typeof title === 'string' ? title : '',
      url,
      content: typeof content === 'string' ? content.slice(0, MAX_CONTENT_CHARS) : '',
    });
  }
  return hits;
}

/** The text of the last user message of a chat body ('' when there is none). */
export function lastUserText(body: Record<string, unknown>): string {
  const messages = body.messages;
  if (!Array.isArray(messages)) return '';
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as { role?: unknown; content?: unknown } | null;
    if (message?.role !== 'user') continue;
    const { content } = message;
    if (typeof content === 'string') return content.trim().slice(0, MAX_QUERY_CHARS);
    if (!Array.isArray(content)) return '';
    const texts = content
      .map((part) => (part && typeof part === 'object' ? (part as { text?: unknown }).text : undefined))
      .filter((text): text is string => typeof text === 'string');
    return texts.join(' ').trim().slice(0, MAX_QUERY_CHARS);
  }
  return '';
}

/**
 * A chat request for `model#search` with the engine's results put before its messages as a system
 * message; the request unchanged when it is not such a request, has no user text or finds nothing.
 * The message is written for the model, not for a person reading the console, so it is not translated.
 */
export async function withSearchResults(
  read: RelayRequest,
  search: WebSearch | undefined,
): Promise<RelayRequest> {
  if (!search || read.modelArg !== 'search' || read.operation !== 'chat') return read;
  if (read.body instanceof FormData) return read;
  const query = lastUserText(read.body);
  if (!query) return read;
  const hits = await search(query);
  if (hits.length === 0) return read;
  const listed = hits
    .map((hit, index) => `[${index + 1}] ${hit.title}\n${hit.url}\n${hit.content}`.trim())
    .join('\n\n');
  const system = {
    role: 'system',
    content: `Web search results for "${query}" (cite them by number where they help):\n\n${listed}`,
  };
  const messages = read.body.messages as unknown[];
  return { ...read, body: { ...read.body, messages: [system, ...messages] } };
}
