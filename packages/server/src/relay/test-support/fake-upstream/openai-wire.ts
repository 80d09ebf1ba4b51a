import { bodyField, type FakeReply, type RecordedRequest } from './fake-reply.js';
import {
  countFakeTokens,
  countMessageTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_PIECES,
  FAKE_REPLY_TEXT,
  sseFrame,
  textOfContent,
} from './reply-text.js';

/** Models the fake OpenAI upstream lists on `GET /v1/models`. */
export const FAKE_OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o', 'text-embedding-3-small'] as const;

/** The fixed `created` timestamp of every fake reply (deterministic output). */
export const FAKE_CREATED = 1_700_000_000;

/** Length of every fake embedding vector. */
export const FAKE_EMBEDDING_DIMENSIONS = 8;

let sequence = 0;

/** Usage the fake reports for an OpenAI chat request: prompt = words in the messages. */
export function openAiChatUsage(body: unknown) {
  const prompt = countMessageTokens(bodyField(body, 'messages'), 'content');
  return {
    prompt_tokens: prompt,
    completion_tokens: FAKE_COMPLETION_TOKENS,
    total_tokens: prompt + FAKE_COMPLETION_TOKENS,
  };
}

/** `POST /v1/chat/completions` (and Azure's deployment path, where `model` is the deployment). */
export function openAiChatReply(request: RecordedRequest, model: string): FakeReply {
  const id = `chatcmpl-fake-${++sequence}`;
  const usage = openAiChatUsage(request.body);
  if (bodyField(request.body, 'stream') !== true) {
    const message = { role: 'assistant', content: FAKE_REPLY_TEXT };
    const choices = [{ index: 0, message, finish_reason: 'stop', logprobs: null }];
    const body = { id, object: 'chat.completion', created: FAKE_CREATED, model, choices, usage };
    return { kind: 'json', status: 200, body };
  }
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    sseFrame({ id, object: 'chat.completion.chunk', created: FAKE_CREATED, model, choices, ...extra });
  const delta = (content: Record<string, unknown>, finish: string | null = null) =>
    chunk([{ index: 0, delta: content, finish_reason: finish, logprobs: null }]);
  const frames = [delta({ role: 'assistant', content: '' })];
  for (const piece of FAKE_REPLY_PIECES) frames.push(delta({ content: piece }));
  frames.push(delta({}, 'stop'));
  const options = bodyField(request.body, 'stream_options');
  if (bodyField(options, 'include_usage') === true) frames.push(chunk([], { usage }));
  frames.push(sseFrame('[DONE]'));
  return { kind: 'sse', frames };
}

/** `POST /v1/embeddings`: one vector per input, prompt tokens = words in the inputs. */
export function openAiEmbeddingsReply(request: RecordedRequest, model: string): FakeReply {
  const input = bodyField(request.body, 'input');
  const inputs = Array.isArray(input) ? input : [input];
  const prompt = inputs.reduce<number>((sum, item) => sum + countFakeTokens(textOfContent(item)), 0);
  const data = inputs.map((_, index) => ({
    object: 'embedding',
    index,
    embedding: Array.from({ length: FAKE_EMBEDDING_DIMENSIONS }, (_, d) => (index + 1) / (d + 1)),
  }));
  const usage = { prompt_tokens: prompt, total_tokens: prompt };
  return { kind: 'json', status: 200, body: { object: 'list', data, model, usage } };
}

/** `GET /v1/models`. */
export function openAiModelsReply(): FakeReply {
  const data = FAKE_OPENAI_MODELS.map((id) => ({
    id,
    object: 'model',
    created: FAKE_CREATED,
    owned_by: 'fake',
  }));
  return { kind: 'json', status: 200, body: { object: 'list', data } };
}

const OPENAI_ERROR_KINDS: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
};

/** OpenAI (and Azure) error body: `{error:{message,type,param,code}}`. */
export function openAiErrorBody(status: number, message: string): unknown {
  const kind = OPENAI_ERROR_KINDS[status] ?? { type: 'server_error', code: null };
  return { error: { message, type: kind.type, param: null, code: kind.code } };
}
