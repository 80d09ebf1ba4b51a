// POST /claude/v1/messages: the client's Anthropic body goes upstream as it is (the caller already put the
// upstream model in), and the reply and stream come back unchanged; only the usage is read on the side
// (spec §11.5: no [DONE] is added to a native stream).
import type {
  OperationAdapter,
  ProviderCall,
  SseEvent,
  StreamTranslator,
  UpstreamRequest,
} from '../provider.js';
import { sseFrame } from '../shared/openai-format.js';
import { throwIfClaudeError } from './claude-chat-reply.js';
import { jsonRequestBody } from '../shared/json-body.js';
import { anthropicHeaders, anthropicUrl } from './claude-http.js';
import { invalidFieldFailure } from './claude-request-error.js';
import { billingUsageFromClaude, mergeClaudeUsage } from './claude-usage.js';
import type { ClaudeBlock, ClaudeReply, ClaudeStreamEvent, ClaudeUsage } from './claude-wire.js';
import { parseEventData } from './claude-wire.js';

/** The Messages request of any Claude call whose body is already built. */
export function claudeMessagesRequest(call: ProviderCall, body: Record<string, unknown>): UpstreamRequest {
  return {
    method: 'POST',
    url: anthropicUrl(call.channel, '/v1/messages'),
    headers: anthropicHeaders(call.channel, call.clientHeaders),
    body: jsonRequestBody(body),
  };
}

function blocksText(blocks: ClaudeBlock[] | undefined): string {
  if (!Array.isArray(blocks)) return '';
  return blocks
    .map((block) => {
      if (block.type === 'text') return block.text ?? '';
      if (block.type === 'thinking') return block.thinking ?? '';
      if (block.type === 'tool_use') return JSON.stringify(block.input ?? {});
      return '';
    })
    .join('');
}

/** Forwards a native stream frame by frame, reading usage and text on the side. */
export function claudeNativeStream(): StreamTranslator {
  let usage: ClaudeUsage = {};
  let text = '';
  let failed = false;
  return {
    push(event: SseEvent) {
      const data = parseEventData<ClaudeStreamEvent>(event.data);
      switch (data?.type ?? event.event) {
        case 'message_start': {
          const { output_tokens: _placeholder, ...input } = data?.message?.usage ?? {};
          usage = mergeClaudeUsage(usage, input);
          break;
        }
        case 'content_block_delta':
          text += data?.delta?.text ?? data?.delta?.thinking ?? data?.delta?.partial_json ?? '';
          break;
        case 'message_delta':
          usage = mergeClaudeUsage(usage, data?.usage);
          break;
        case 'error':
          failed = true;
          break;
      }
      return [sseFrame(event.data, event.event)];
    },
    end: () => [],
    usage: () => billingUsageFromClaude(usage),
    text: () => text,
    failed: () => failed,
  };
}

/** The `claude-messages` operation. */
export const claudeNativeMessages: OperationAdapter = {
  request(call) {
    if (call.body instanceof FormData) throw invalidFieldFailure('body');
    return claudeMessagesRequest(call, call.body);
  },
  reply(body) {
    throwIfClaudeError(body);
    const reply = (body ?? {}) as ClaudeReply;
    const usage = billingUsageFromClaude(reply.usage);
    return { body, ...(usage ? { usage } : {}), text: blocksText(reply.content) };
  },
  stream: () => claudeNativeStream(),
};
