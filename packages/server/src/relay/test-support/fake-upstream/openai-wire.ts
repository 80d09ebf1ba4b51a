import {
  bodyField,
  cutWithMidStreamError,
  type FakeReply,
  type FakeReplyOptions,
  PLAIN_REPLY_OPTIONS,
  type RecordedRequest,
} from './fake-reply.js';
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

/** True when an OpenAI stream request asked for the usage chunk (`stream_options.include_usage`). */
export function wantsStreamUsage(body: unknown): boolean {
  return bodyField(bodyField(body, 'stream_options'), 'include_usage') === true;
}

/** The error frame an OpenAI stream carries mid-way: `data: {"error":{…}}`. */
export function openAiStreamErrorFrame(error: NonNullable<FakeReplyOptions['midStreamError']>): string {
  return sseFrame(error.body ?? openAiErrorBody(500, error.message));
}

/**
 * Ends an OpenAI stream: with include_usage, a usage-only chunk (empty choices) then `[DONE]`, as
 * OpenAI does; the other chunks then carry `usage: null`. A mid-stream error replaces the ending.
 */
export function finishOpenAiStream(
  frames: string[],
  firstContentIndex: number,
  usageChunk: (() => string) | undefined,
  options: FakeReplyOptions,
): FakeReply {
  if (options.midStreamError) {
    return {
      kind: 'sse',
      frames: cutWithMidStreamError(
        frames,
        firstContentIndex,
        openAiStreamErrorFrame(options.midStreamError),
      ),
    };
  }
  if (usageChunk && !options.noUsage) frames.push(usageChunk());
  frames.push(sseFrame('[DONE]'));
  return { kind: 'sse', frames };
}

/** `POST /v1/chat/completions` (and Azure's deployment path, where `model` is the deployment). */
/** The reasoning text of a reply to a request with OpenRouter's `reasoning` option. */
export const FAKE_REASONING_TEXT = 'thinking it through';

export function openAiChatReply(
  request: RecordedRequest,
  model: string,
  options: FakeReplyOptions = PLAIN_REPLY_OPTIONS,
): FakeReply {
  const id = `chatcmpl-fake-${++sequence}`;
  const usage = openAiChatUsage(request.body);
  // OpenRouter's `reasoning` request option: the reply carries a `reasoning` field (OpenRouter's name).
  const reasoning = bodyField(request.body, 'reasoning') !== undefined;
  if (bodyField(request.body, 'stream') !== true) {
    const message = {
      role: 'assistant',
      content: FAKE_REPLY_TEXT,
      ...(reasoning ? { reasoning: FAKE_REASONING_TEXT } : {}),
    };
    const choices = [{ index: 0, message, finish_reason: 'stop', logprobs: null }];
    const body = { id, object: 'chat.completion', created: FAKE_CREATED, model, choices };
    return { kind: 'json', status: 200, body: options.noUsage ? body : { ...body, usage } };
  }
  const withUsage = wantsStreamUsage(request.body);
  const chunk = (choices: unknown[], chunkUsage: unknown) =>
    sseFrame({
      id,
      object: 'chat.completion.chunk',
      created: FAKE_CREATED,
      model,
      choices,
      ...(withUsage && !options.noUsage ? { usage: chunkUsage } : {}),
    });
  const delta = (content: Record<string, unknown>, finish: string | null = null) =>
    chunk([{ index: 0, delta: content, finish_reason: finish, logprobs: null }], null);
  // Frame 0 opens the role; frame 1 is the first content frame (where a mid-stream error cuts in).
  const frames = [delta({ role: 'assistant', content: '' })];
  for (const piece of FAKE_REPLY_PIECES) frames.push(delta({ content: piece }));
  if (reasoning) frames.push(delta({ reasoning: FAKE_REASONING_TEXT }));
  frames.push(delta({}, 'stop'));
  return finishOpenAiStream(frames, 1, withUsage ? () => chunk([], usage) : undefined, options);
}

/** `POST /v1/embeddings`: one vector per input, prompt tokens = words in the inputs. */
export function openAiEmbeddingsReply(
  request: RecordedRequest,
  model: string,
  options: FakeReplyOptions = PLAIN_REPLY_OPTIONS,
): FakeReply {
  const input = bodyField(request.body, 'input');
  const inputs = Array.isArray(input) ? input : [input];
  const prompt = inputs.reduce<number>((sum, item) => sum + countFakeTokens(textOfContent(item)), 0);
  const data = inputs.map((_, index) => ({
    object: 'embedding',
    index,
    embedding: Array.from({ length: FAKE_EMBEDDING_DIMENSIONS }, (_, d) => (index + 1) / (d + 1)),
  }));
  const usage = { prompt_tokens: prompt, total_tokens: prompt };
  const body = { object: 'list', data, model };
  return { kind: 'json', status: 200, body: options.noUsage ? body : { ...body, usage } };
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
