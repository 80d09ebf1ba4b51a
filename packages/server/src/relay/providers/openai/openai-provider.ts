// OpenAI (type 1) and every vendor that speaks its wire format at a custom base URL (type 8 Custom,
// DeepSeek, OpenRouter, Ollama's and vLLM's OpenAI endpoints, …): spec §19 row "openai".
import type { ProviderCall, RelayProvider, UpstreamChannel, UpstreamRequest } from '../provider.js';
import { parseOpenAiError } from './openai-error.js';
import { openAiOperations } from './openai-operations.js';

/** OpenAI's own API host, used when a type-1 channel has no base URL. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com';

/** The channel's base URL without a trailing slash (the vendor default when empty). */
export function channelBase(channel: UpstreamChannel, fallback: string): string {
  return (channel.baseUrl || fallback).replace(/\/+$/, '');
}

/** Joins a base URL and an OpenAI path, not doubling a `/v1` the operator already put in the base. */
export function joinOpenAiPath(base: string, path: string): string {
  return base.endsWith('/v1') && path.startsWith('/v1/') ? base + path.slice(3) : base + path;
}

function bearer(call: { channel: UpstreamChannel }): Record<string, string> {
  return { authorization: `Bearer ${call.channel.key}` };
}

function modelsRequest(channel: UpstreamChannel): UpstreamRequest {
  return {
    method: 'GET',
    url: joinOpenAiPath(channelBase(channel, OPENAI_DEFAULT_BASE_URL), '/v1/models'),
    headers: { ...bearer({ channel }), ...channel.headers },
  };
}

function parseModels(body: unknown): string[] {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) return [];
  return data.map((entry: { id?: unknown }) => entry.id).filter((id): id is string => typeof id === 'string');
}

/** OpenAI itself: asks for stream usage on every stream (spec §11.2). */
export const openAiProvider: RelayProvider = {
  name: 'openai',
  types: [1],
  operations: openAiOperations({
    url: (call: ProviderCall, path: string) =>
      joinOpenAiPath(channelBase(call.channel, OPENAI_DEFAULT_BASE_URL), path),
    auth: bearer,
    forceStreamUsage: true,
  }),
  parseError: (status, text) => parseOpenAiError(status, text),
  modelsRequest,
  parseModels,
};

/**
 * Any other OpenAI-compatible upstream (Custom 8, Ollama's OpenAI endpoint 39, and unknown types that
 * have a base URL): the client's stream_options are passed on as sent, not forced. The named vendors
 * (DeepSeek, OpenRouter, Moonshot, …) have their own providers with their hosts and balance calls.
 */
export const openAiCompatibleProvider: RelayProvider = {
  name: 'openai-compatible',
  types: [8, 39],
  operations: openAiOperations({
    url: (call: ProviderCall, path: string) =>
      joinOpenAiPath(channelBase(call.channel, OPENAI_DEFAULT_BASE_URL), path),
    auth: bearer,
    forceStreamUsage: false,
  }),
  parseError: (status, text) => parseOpenAiError(status, text),
  modelsRequest,
  parseModels,
};
