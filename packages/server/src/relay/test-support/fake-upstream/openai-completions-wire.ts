import { bodyField, type FakeReply, type FakeReplyOptions, type RecordedRequest } from './fake-reply.js';
import { FAKE_CREATED, finishOpenAiStream, wantsStreamUsage } from './openai-wire.js';
import {
  countFakeTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_PIECES,
  FAKE_REPLY_TEXT,
  sseFrame,
} from './reply-text.js';

let sequence = 0;

/** Tokens of a legacy `prompt`: words of a string or strings, one per id of a token array. */
function promptTokens(prompt: unknown): number {
  if (typeof prompt === 'string') return countFakeTokens(prompt);
  if (typeof prompt === 'number') return 1;
  if (Array.isArray(prompt)) return prompt.reduce<number>((sum, item) => sum + promptTokens(item), 0);
  return 0;
}

/** Usage the fake reports for `POST /v1/completions`: prompt = words in `prompt`. */
export function openAiCompletionUsage(body: unknown) {
  const prompt = promptTokens(bodyField(body, 'prompt'));
  return {
    prompt_tokens: prompt,
    completion_tokens: FAKE_COMPLETION_TOKENS,
    total_tokens: prompt + FAKE_COMPLETION_TOKENS,
  };
}

/** `POST /v1/completions`: a `text_completion`, or its chunks when `stream` is true. */
export function openAiCompletionReply(
  request: RecordedRequest,
  model: string,
  options: FakeReplyOptions,
): FakeReply {
  const id = `cmpl-fake-${++sequence}`;
  const usage = openAiCompletionUsage(request.body);
  const choice = (text: string, finish: string | null) => ({
    text,
    index: 0,
    logprobs: null,
    finish_reason: finish,
  });
  const head = { id, object: 'text_completion', created: FAKE_CREATED, model };
  if (bodyField(request.body, 'stream') !== true) {
    const body = { ...head, choices: [choice(FAKE_REPLY_TEXT, 'stop')] };
    return { kind: 'json', status: 200, body: options.noUsage ? body : { ...body, usage } };
  }
  const withUsage = wantsStreamUsage(request.body);
  const chunk = (choices: unknown[], chunkUsage: unknown) =>
    sseFrame({ ...head, choices, ...(withUsage && !options.noUsage ? { usage: chunkUsage } : {}) });
  const frames = FAKE_REPLY_PIECES.map((piece) => chunk([choice(piece, null)], null));
  frames.push(chunk([choice('', 'stop')], null));
  return finishOpenAiStream(frames, 0, withUsage ? () => chunk([], usage) : undefined, options);
}
