import {
  bodyField,
  cutWithMidStreamError,
  type FakeReply,
  type FakeReplyOptions,
  type RecordedRequest,
} from './fake-reply.js';
import { FAKE_CREATED } from './openai-wire.js';
import {
  countFakeTokens,
  countMessageTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_PIECES,
  FAKE_REPLY_TEXT,
  sseFrame,
  textOfContent,
} from './reply-text.js';

let sequence = 0;

/** Usage the fake reports for `POST /v1/responses`: input = words in `instructions` plus `input`. */
export function openAiResponsesUsage(body: unknown) {
  const input = bodyField(body, 'input');
  const instructions = countFakeTokens(textOfContent(bodyField(body, 'instructions')));
  const inputTokens =
    instructions +
    (typeof input === 'string' ? countFakeTokens(input) : countMessageTokens(input, 'content'));
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: FAKE_COMPLETION_TOKENS,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + FAKE_COMPLETION_TOKENS,
  };
}

/**
 * `POST /v1/responses`: a completed `response` object, or, when `stream` is true, the typed events
 * `response.created` … `response.output_text.delta` … `response.completed` (usage on the last).
 */
export function openAiResponsesReply(
  request: RecordedRequest,
  model: string,
  options: FakeReplyOptions,
): FakeReply {
  const id = `resp_fake_${++sequence}`;
  const itemId = `msg_fake_${sequence}`;
  const usage = openAiResponsesUsage(request.body);
  const part = (text: string) => ({ type: 'output_text', text, annotations: [] });
  const item = (status: string, content: unknown[]) => ({
    type: 'message',
    id: itemId,
    status,
    role: 'assistant',
    content,
  });
  const response = (status: string, output: unknown[], withUsage: boolean) => ({
    id,
    object: 'response',
    created_at: FAKE_CREATED,
    status,
    error: null,
    incomplete_details: null,
    instructions: bodyField(request.body, 'instructions') ?? null,
    model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    ...(withUsage ? { usage: options.noUsage ? undefined : usage } : { usage: null }),
  });
  const done = response('completed', [item('completed', [part(FAKE_REPLY_TEXT)])], true);
  if (bodyField(request.body, 'stream') !== true) return { kind: 'json', status: 200, body: done };

  let sequenceNumber = 0;
  const event = (type: string, data: Record<string, unknown>) =>
    sseFrame({ type, sequence_number: sequenceNumber++, ...data }, type);
  const at = { output_index: 0, item_id: itemId, content_index: 0 };
  const frames = [
    event('response.created', { response: response('in_progress', [], false) }),
    event('response.in_progress', { response: response('in_progress', [], false) }),
    event('response.output_item.added', { output_index: 0, item: item('in_progress', []) }),
    event('response.content_part.added', { ...at, part: part('') }),
  ];
  const firstDelta = frames.length;
  for (const delta of FAKE_REPLY_PIECES) frames.push(event('response.output_text.delta', { ...at, delta }));
  if (options.midStreamError) {
    const { message, body } = options.midStreamError;
    const error = body ?? { type: 'error', code: 'server_error', message, param: null };
    return { kind: 'sse', frames: cutWithMidStreamError(frames, firstDelta, sseFrame(error, 'error')) };
  }
  frames.push(
    event('response.output_text.done', { ...at, text: FAKE_REPLY_TEXT }),
    event('response.content_part.done', { ...at, part: part(FAKE_REPLY_TEXT) }),
    event('response.output_item.done', { output_index: 0, item: done.output[0] }),
    event('response.completed', { response: done }),
  );
  return { kind: 'sse', frames };
}
