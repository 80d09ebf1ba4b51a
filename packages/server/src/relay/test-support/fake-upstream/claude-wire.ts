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

let sequence = 0;

/** Input tokens the fake Claude reports: words in `system` plus words in the messages. */
export function claudeInputTokens(body: unknown): number {
  const system = countFakeTokens(textOfContent(bodyField(body, 'system')));
  return system + countMessageTokens(bodyField(body, 'messages'), 'content');
}

/** `POST /v1/messages`: the Anthropic Messages reply, or its SSE event sequence when `stream` is true. */
export function claudeMessagesReply(request: RecordedRequest): FakeReply {
  const id = `msg_fake_${++sequence}`;
  const model = String(bodyField(request.body, 'model') ?? 'claude-fake');
  const inputTokens = claudeInputTokens(request.body);
  if (bodyField(request.body, 'stream') !== true) {
    const body = {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: FAKE_REPLY_TEXT }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: FAKE_COMPLETION_TOKENS },
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
    usage: { input_tokens: inputTokens, output_tokens: 1 },
  };
  const frames = [
    event('message_start', { message }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', {}),
  ];
  for (const piece of FAKE_REPLY_PIECES) {
    frames.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }));
  }
  frames.push(
    event('content_block_stop', { index: 0 }),
    event('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: FAKE_COMPLETION_TOKENS },
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
