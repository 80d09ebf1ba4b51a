// Where and how the gemini provider calls Google (spec §19 row "gemini"): the base URL, the API
// version and the headers every request carries.
import type { UpstreamChannel, UpstreamRequest } from '../provider.js';
import { jsonRequestBody } from '../shared/json-body.js';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const GEMINI_DEFAULT_VERSION = 'v1beta';

/** The API version: the one given (native path), else the channel's `other`, else v1beta. */
export function geminiVersion(channel: UpstreamChannel, fromPath?: string): string {
  return fromPath?.trim() || channel.other.trim() || GEMINI_DEFAULT_VERSION;
}

/** `<base>/<version>` with no trailing slash. */
export function geminiApiRoot(channel: UpstreamChannel, version: string): string {
  const base = (channel.baseUrl || GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  return `${base}/${version}`;
}

/** `<base>/<version>/models/<model>:<method>`, the model path-escaped. */
export function geminiModelUrl(
  channel: UpstreamChannel,
  version: string,
  model: string,
  method: string,
): string {
  return `${geminiApiRoot(channel, version)}/models/${encodeURIComponent(model)}:${method}`;
}

/** The key header, JSON content type and the channel's own extra headers (which win). */
export function geminiHeaders(channel: UpstreamChannel, json: boolean): Record<string, string> {
  return {
    ...(json ? { 'content-type': 'application/json' } : {}),
    'x-goog-api-key': channel.key,
    ...channel.headers,
  };
}

/** A JSON POST to a model method; streams ask for SSE framing with `alt=sse`. */
export function geminiPost(
  channel: UpstreamChannel,
  version: string,
  model: string,
  method: string,
  body: unknown,
  sse: boolean,
): UpstreamRequest {
  const url = geminiModelUrl(channel, version, model, method) + (sse ? '?alt=sse' : '');
  return { method: 'POST', url, headers: geminiHeaders(channel, true), body: jsonRequestBody(body) };
}
