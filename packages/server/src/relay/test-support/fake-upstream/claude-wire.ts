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
import { claudeToolUse, FAKE_TOOL_JSON_PIECE_LENGTH } from './claude-tool-use.js';

let sequence = 0;

/** Input tokens the fake Claude reports: words in `system` plus words in the messages. */
export function claudeInputTokens(body: unknown): number {
  const system = countFakeTokens(textOfContent(bodyField(body, 'system')));
  return system + countMessageTokens(bodyField(body, 'messages'), 'content');
}

/**
 * `POST /v1/messages`: the Anthropic Messages reply, or its SSE event sequence when `stream` is true.
 * With `tools` (and tool_choice not `none`) a tool_use block follows the text and stop_reason is
 * `tool_use`; usage stays the same (output = the fixed reply's words).
 */
export function claudeMessagesReply(
  request: RecordedRequest,
  options: FakeReplyOptions = PLAIN_REPLY_OPTIONS,
): FakeReply {
  const id = `msg_fake_${++sequence}`;
  const model = String(bodyField(request.body, 'model') ?? 'claude-fake');
  const inputTokens = claudeInputTokens(request.body);
  const toolUse = claudeToolUse(request.body, sequence);
  const stopReason = toolUse ? 'tool_use' : 'end_turn';
  const usage = (value: Record<string, number>) => (options.noUsage ? {} : { usage: value });
  if (bodyField(request.body, 'stream') !== true) {
    const content: unknown[] = [{ type: 'text', text: FAKE_REPLY_TEXT }];
    if (toolUse) content.push({ type: 'tool_use', id: toolUse.id, name: toolUse.name, input: toolUse.input });
    const body = {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      ...usage({ input_tokens: inputTokens, output_tokens: FAKE_COMPLETION_TOKENS }),
    };
    return { kind: 'json', status: 200, body };
  }
  const event = (type: string, data: Record<string, unknown>) => sseFrame({ type, ...data }, type);
  const message = {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    ...usage({ input_tokens: inputTokens, output_tokens: 1 }),
  };
  const frames = [
    event('message_start', { message }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', {}),
  ];
  const firstDelta = frames.length;
  for (const piece of FAKE_REPLY_PIECES) {
    frames.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }));
  }
  if (options.midStreamError) {
    const { message: text, body } = options.midStreamError;
    const error = body ?? claudeErrorBody(529, text);
    return { kind: 'sse', frames: cutWithMidStreamError(frames, firstDelta, sseFrame(error, 'error')) };
  }
  frames.push(event('content_block_stop', { index: 0 }));
  if (toolUse) {
    const block = { type: 'tool_use', id: toolUse.id, name: toolUse.name, input: {} };
    frames.push(event('content_block_start', { index: 1, content_block: block }));
    const json = JSON.stringify(toolUse.input);
    for (let at = 0; at < json.length; at += FAKE_TOOL_JSON_PIECE_LENGTH) {
      const partial = json.slice(at, at + FAKE_TOOL_JSON_PIECE_LENGTH);
      frames.push(
        event('content_block_delta', {
          index: 1,
          delta: { type: 'input_json_delta', partial_json: partial },
        }),
      );
    }
    frames.push(event('content_block_stop', { index: 1 }));
  }
  frames.push(
    event('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      ...usage({ output_tokens: FAKE_COMPLETION_TOKENS }),
    }),
    event('message_stop', {}),
  );
  return { kind: 'sse', frames };
}

const CLAUDE_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** Anthropic error body: `{type:"error",error:{type,message}}`. */
export function claudeErrorBody(status: number, message: string): unknown {
  return { type: 'error', error: { type: CLAUDE_ERROR_TYPES[status] ?? 'api_error', message } };
}
