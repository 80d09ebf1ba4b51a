// An Anthropic Messages reply → an OpenAI chat.completion (spec §19 row "claude"): text blocks become the
// content, thinking blocks `reasoning_content`, tool_use blocks `tool_calls`; the stop reason is mapped.
import type { ProviderCall, TranslatedReply } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { chatCompletionId, openAiUsageObject } from '../shared/openai-format.js';
import { claudeUpstreamError, readClaudeError } from './claude-error.js';
import { billingUsageFromClaude, claudeTokenCounts } from './claude-usage.js';
import type { ClaudeBlock, ClaudeReply } from './claude-wire.js';

/** Anthropic stop_reason → OpenAI finish_reason; null while the message is not finished. */
export function finishReasonOf(stopReason: unknown): string | null {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return typeof stopReason === 'string' && stopReason !== '' ? 'stop' : null;
  }
}

/** A tool_use block → an OpenAI tool call. */
export function toolCallOf(block: ClaudeBlock): Record<string, unknown> {
  return {
    id: block.id ?? '',
    type: 'function',
    function: { name: block.name ?? '', arguments: JSON.stringify(block.input ?? {}) },
  };
}

/** Throws the error a 200 reply carried instead of a message (spec §7.1 step 3: status 400). */
export function throwIfClaudeError(body: unknown): void {
  const error = readClaudeError(body);
  if (error) throw new UpstreamFailure(claudeUpstreamError(400, error));
}

/** Translates a non-stream Messages reply for the chat operation. */
export function claudeChatReply(body: unknown, call: ProviderCall): TranslatedReply {
  throwIfClaudeError(body);
  const reply = (body ?? {}) as ClaudeReply;
  const blocks = Array.isArray(reply.content) ? reply.content : [];
  let text = '';
  let reasoning = '';
  const toolCalls: Record<string, unknown>[] = [];
  for (const block of blocks) {
    if (block.type === 'text' && typeof block.text === 'string') text += block.text;
    else if (block.type === 'thinking' && typeof block.thinking === 'string') reasoning += block.thinking;
    else if (block.type === 'tool_use') toolCalls.push(toolCallOf(block));
  }
  const usage = billingUsageFromClaude(reply.usage);
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: text === '' && toolCalls.length > 0 ? null : text,
    ...(reasoning !== '' ? { reasoning_content: reasoning } : {}),
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
  const finish = finishReasonOf(reply.stop_reason) ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
  const translated = {
    id: typeof reply.id === 'string' && reply.id !== '' ? reply.id : chatCompletionId(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: call.model,
    choices: [{ index: 0, message, finish_reason: finish }],
    // The client sees what Anthropic reported even when billing falls back to local counting.
    ...(reply.usage ? { usage: openAiUsageObject(claudeTokenCounts(reply.usage)) } : {}),
  };
  return {
    body: translated,
    ...(usage ? { usage } : {}),
    text:
      reasoning + text + toolCalls.map((call) => (call.function as { arguments: string }).arguments).join(''),
  };
}
