// Anthropic Claude (channel type 14), spec §19 row "claude": OpenAI chat translated to and from the
// Messages API, the native /claude/v1/messages pass-through, and the model list.
import type { OperationAdapter, RelayProvider, UpstreamChannel, UpstreamRequest } from '../provider.js';
import { chatBodyOf, claudeChatBody } from './claude-chat-request.js';
import { claudeChatReply } from './claude-chat-reply.js';
import { claudeChatStream } from './claude-chat-stream.js';
import { parseClaudeError } from './claude-error.js';
import { anthropicHeaders, anthropicUrl } from './claude-http.js';
import { claudeMessagesRequest, claudeNativeMessages } from './claude-native.js';

/** The Anthropic channel type id. */
export const CLAUDE_CHANNEL_TYPE = 14;

/** `chat`: OpenAI chat completions served by the Messages API. */
export const claudeChat: OperationAdapter = {
  request: (call) =>
    claudeMessagesRequest(call, claudeChatBody(chatBodyOf(call), call.model, call.stream, call.settings)),
  reply: claudeChatReply,
  stream: claudeChatStream,
};

function modelsRequest(channel: UpstreamChannel): UpstreamRequest {
  return { method: 'GET', url: anthropicUrl(channel, '/v1/models'), headers: anthropicHeaders(channel) };
}

function parseModels(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data
    .map((entry: unknown) => (entry as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

export const claudeProvider: RelayProvider = {
  name: 'claude',
  types: [CLAUDE_CHANNEL_TYPE],
  operations: { chat: claudeChat, 'claude-messages': claudeNativeMessages },
  parseError: (status, bodyText) => parseClaudeError(status, bodyText),
  modelsRequest,
  parseModels,
};
