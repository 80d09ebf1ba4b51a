// The operations of the OpenAI wire format (behaviour spec §2.2 rule 2): the body goes upstream as the
// client sent it — model mapped, stream_options and reasoning-model fields adjusted — and the reply comes
// back as received. Azure and every OpenAI-compatible vendor reuse these with their own URL and headers.
import type { OperationAdapter, ProviderCall, RelayOperation, UpstreamRequest } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { billingUsageFromOpenAi } from '../shared/openai-format.js';
import { readErrorObject } from './openai-error.js';
import { openAiChunkStream, responsesStream } from './openai-stream.js';
import { jsonRequestBody } from '../shared/json-body.js';

/** Where and how one OpenAI-format request is sent: the vendor decides URL and auth headers. */
export interface OpenAiEndpoint {
  /** The full URL of an OpenAI API path such as `/v1/chat/completions`. */
  url(call: ProviderCall, path: string): string;
  /** Auth headers for the channel. */
  auth(call: ProviderCall): Record<string, string>;
  /** The vendor asks upstream for `stream_options.include_usage` on every stream (spec §11.2). */
  forceStreamUsage: boolean;
}

const PATHS: Partial<Record<RelayOperation, string>> = {
  chat: '/v1/chat/completions',
  completions: '/v1/completions',
  embeddings: '/v1/embeddings',
  images: '/v1/images/generations',
  'image-edits': '/v1/images/edits',
  'image-variations': '/v1/images/variations',
  speech: '/v1/audio/speech',
  transcription: '/v1/audio/transcriptions',
  translation: '/v1/audio/translations',
  moderations: '/v1/moderations',
  responses: '/v1/responses',
};

/** Reasoning models take max_completion_tokens and no temperature (spec §2.2 rule 2). */
export function isReasoningModel(model: string): boolean {
  return /^o[1-9]/.test(model) || (model.startsWith('gpt-5') && model !== 'gpt-5-chat-latest');
}

function jsonBody(call: ProviderCall, endpoint: OpenAiEndpoint): string | Uint8Array {
  const body: Record<string, unknown> = { ...(call.body as Record<string, unknown>), model: call.model };
  if (call.operation === 'chat' || call.operation === 'completions') {
    if (call.stream && endpoint.forceStreamUsage) {
      const own = body.stream_options;
      body.stream_options = { ...(own && typeof own === 'object' ? own : {}), include_usage: true };
    }
    if (call.operation === 'chat' && isReasoningModel(call.model)) {
      if (body.max_tokens !== undefined && body.max_completion_tokens === undefined) {
        body.max_completion_tokens = body.max_tokens;
      }
      delete body.max_tokens;
      delete body.temperature;
    }
  }
  return jsonRequestBody(body);
}

function buildRequest(endpoint: OpenAiEndpoint, call: ProviderCall, path: string): UpstreamRequest {
  const headers: Record<string, string> = { ...endpoint.auth(call), ...call.channel.headers };
  if (call.body instanceof FormData) {
    const form = new FormData();
    for (const [name, value] of call.body.entries()) form.append(name, name === 'model' ? call.model : value);
    if (!call.body.has('model')) form.append('model', call.model);
    return { method: 'POST', url: endpoint.url(call, path), headers, body: form };
  }
  headers['content-type'] = 'application/json';
  if (call.stream) headers.accept = 'text/event-stream';
  return { method: 'POST', url: endpoint.url(call, path), headers, body: jsonBody(call, endpoint) };
}

/** The text an OpenAI-format reply produced, for local counting when usage is missing. */
function replyText(body: Record<string, unknown>): string {
  const choices = body.choices;
  if (Array.isArray(choices)) {
    return choices
      .map((choice: { message?: { content?: unknown }; text?: unknown }) => {
        const content = choice.message?.content ?? choice.text;
        return typeof content === 'string' ? content : '';
      })
      .join('');
  }
  if (typeof body.text === 'string') return body.text;
  if (typeof body.output_text === 'string') return body.output_text;
  return '';
}

function jsonReply(body: unknown) {
  if (typeof body === 'string') return { body, text: body };
  const error = readErrorObject(body);
  if (error) {
    // An error inside a 200 reply is a 400 (spec §7.1 step 3).
    throw new UpstreamFailure({
      status: 400,
      message: error.message,
      type: error.type || 'upstream_error',
      code: error.code,
      param: error.param,
    });
  }
  const object = (body ?? {}) as Record<string, unknown>;
  const usage = billingUsageFromOpenAi(object.usage);
  return { body, text: replyText(object), ...(usage ? { usage } : {}) };
}

/** The OpenAI-format adapters for one vendor endpoint. */
export function openAiOperations(
  endpoint: OpenAiEndpoint,
): Partial<Record<RelayOperation, OperationAdapter>> {
  const adapters: Partial<Record<RelayOperation, OperationAdapter>> = {};
  for (const [operation, path] of Object.entries(PATHS) as [RelayOperation, string][]) {
    adapters[operation] = {
      request: (call) => buildRequest(endpoint, call, path),
      reply: (body) => jsonReply(body),
    };
  }
  for (const [operation, object] of [
    ['chat', 'chat.completion.chunk'],
    ['completions', 'text_completion'],
  ] as const) {
    const adapter = adapters[operation];
    if (adapter) adapter.stream = (call) => openAiChunkStream(call, object);
  }
  const responses = adapters.responses;
  if (responses) responses.stream = () => responsesStream();
  return adapters;
}
