import type { IncomingHttpHeaders } from 'node:http';

/** Wire dialect of a route; decides the shape of scripted errors. */
export type FakeVendor = 'openai' | 'azure' | 'claude' | 'gemini';

/** One request as the fake upstream received it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names, auth headers included. */
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
  vendor: FakeVendor | undefined;
}

/** What a route answers: a JSON body, or SSE frames written one by one. */
export type FakeReply = { kind: 'json'; status: number; body: unknown } | { kind: 'sse'; frames: string[] };

/** Reads a field of a parsed JSON object body. */
export function bodyField(body: unknown, field: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
}
