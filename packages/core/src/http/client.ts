import type { z } from 'zod';
import { GwApiError } from './errors.js';
import { parseEnvelopeText, parseRetryAfter, readReply } from './reply.js';

/** The part of `fetch` the client needs; the browser's fetch and core's Node transport both fit. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    credentials?: 'include' | 'same-origin';
  },
) => Promise<{ status: number; text(): Promise<string>; headers?: { get(name: string): string | null } }>;

export type QueryValue = string | number | boolean | undefined | null;

export interface ApiClientOptions {
  /** Origin of the gw (or one-hub) server, e.g. `http://localhost:3000`; `''` for same-origin. */
  baseUrl: string;
  fetch?: FetchLike;
  /** The management access token, sent as `Authorization: Bearer <token>`. */
  accessToken?: () => string | undefined;
  /** Called on HTTP 401: the stored sign-in is no longer valid. */
  onUnauthorized?: () => void;
  /** Language tag the server should answer messages in. */
  language?: () => string | undefined;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** Builds `?a=1&b=x` from the defined values of a query object. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The typed HTTP client for the `/api` management contract: one envelope, one error mapping. */
export class ApiClient {
  readonly baseUrl: string;
  private readonly options: ApiClientOptions;

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** Sends a request and returns the envelope's `data` parsed with `schema`. */
  async request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const envelope = await this.send(method, path, options);
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) {
      throw new GwApiError('FAILED', `unexpected reply from ${method} ${path}`, {
        messageKey: 'errors.bad_reply',
      });
    }
    return parsed.data;
  }

  /**
   * Sends a request whose reply is not enveloped (one-hub's `GET /api/channel/models` and a few others)
   * and parses the whole body with `schema`. A failure envelope in its place still throws GwApiError.
   */
  async requestUnwrapped<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    const { status, text, retryAfter, requestId } = await this.fetchText(method, path, options);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const parsed = schema.safeParse(body);
    if (status < 400 && parsed.success) return parsed.data;
    this.throwUnlessSuccess(status, text, retryAfter, requestId);
    throw new GwApiError('FAILED', `unexpected reply from ${method} ${path}`, {
      status,
      messageKey: 'errors.bad_reply',
    });
  }

  /**
   * Sends a request whose success is a plain-text body (a CSV download) and returns that text. A failure
   * still answers with the JSON envelope, which throws GwApiError as every other call does.
   */
  async requestText(method: string, path: string, options: RequestOptions = {}): Promise<string> {
    const { status, text, retryAfter, requestId } = await this.fetchText(method, path, options);
    if (status < 400 && !parseEnvelopeText(text)) return text;
    this.throwUnlessSuccess(status, text, retryAfter, requestId);
    throw new GwApiError('FAILED', `unexpected reply from ${method} ${path}`, {
      status,
      messageKey: 'errors.bad_reply',
    });
  }

  /** Sends a request and returns the whole envelope once `success` is true (for replies without data). */
  async send(method: string, path: string, options: RequestOptions = {}) {
    const { status, text, retryAfter, requestId } = await this.fetchText(method, path, options);
    return this.throwUnlessSuccess(status, text, retryAfter, requestId);
  }

  private async fetchText(method: string, path: string, options: RequestOptions) {
    const fetchImpl = this.options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
    if (!fetchImpl) throw new GwApiError('NETWORK', 'no fetch available', { messageKey: 'errors.network' });
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = this.options.accessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const language = this.options.language?.();
    if (language) headers['accept-language'] = language.replace('_', '-');
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await fetchImpl(`${this.baseUrl}${path}${buildQuery(options.query)}`, {
        method,
        headers,
        body,
        credentials: 'same-origin',
      });
    } catch (cause) {
      throw new GwApiError('NETWORK', cause instanceof Error ? cause.message : String(cause), {
        messageKey: 'errors.network',
        cause,
      });
    }
    const retryAfter = parseRetryAfter(response.headers?.get('retry-after'));
    const requestId = response.headers?.get('x-request-id') ?? undefined;
    return { status: response.status, text: await response.text(), retryAfter, requestId };
  }

  /** The envelope of a reply, or the GwApiError its status or `success:false` means. */
  private throwUnlessSuccess(status: number, text: string, retryAfter?: number, requestId?: string) {
    if (status === 401) this.options.onUnauthorized?.();
    return readReply(status, text, { retryAfter, requestId });
  }
}
