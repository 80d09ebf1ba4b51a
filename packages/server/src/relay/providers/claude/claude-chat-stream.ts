// An Anthropic Messages stream → OpenAI chat.completion.chunk frames (spec §11.2–11.3, §19). Text, thinking
// (as `reasoning_content`) and tool-call deltas become chunks; the usage is gathered from message_start and
// message_delta; a mid-stream `error` event becomes one OpenAI error frame and ends the translation.
import type { ProviderCall, SseEvent, StreamTranslator } from '../provider.js';
import { chatCompletionId, openAiErrorObject, openAiStreamTail, sseFrame } from '../shared/openai-format.js';
import { finishReasonOf } from './claude-chat-reply.js';
import { claudeUpstreamError, readClaudeError } from './claude-error.js';
import { billingUsageFromClaude, mergeClaudeUsage } from './claude-usage.js';
import type { ClaudeStreamEvent, ClaudeUsage } from './claude-wire.js';
import { parseEventData } from './claude-wire.js';

/** A tool_use block being streamed: its position among the reply's tool calls, and whether args came. */
interface StreamedTool {
  toolIndex: number;
  sentArguments: boolean;
}

/** Translates one Messages stream for the chat operation. */
export function claudeChatStream(call: ProviderCall): StreamTranslator {
  let id = chatCompletionId();
  const created = Math.floor(Date.now() / 1000);
  let usage: ClaudeUsage = {};
  let text = '';
  let failed = false;
  const tools = new Map<number, StreamedTool>();

  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    sseFrame(
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: call.model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      }),
    );
  const toolDelta = (tool: Record<string, unknown>) => chunk({ tool_calls: [tool] });
  const textDelta = (field: 'content' | 'reasoning_content', piece: string | undefined) => {
    if (!piece) return [];
    text += piece;
    return [chunk({ [field]: piece })];
  };

  const blockStart = (data: ClaudeStreamEvent): string[] => {
    const block = data.content_block;
    if (block?.type === 'text') return textDelta('content', block.text);
    if (block?.type === 'thinking') return textDelta('reasoning_content', block.thinking);
    if (block?.type !== 'tool_use') return [];
    const toolIndex = tools.size;
    tools.set(data.index ?? 0, { toolIndex, sentArguments: false });
    return [
      toolDelta({
        index: toolIndex,
        id: block.id ?? '',
        type: 'function',
        function: { name: block.name ?? '', arguments: '' },
      }),
    ];
  };

  const blockDelta = (data: ClaudeStreamEvent): string[] => {
    const delta = data.delta;
    if (delta?.type === 'text_delta') return textDelta('content', delta.text);
    if (delta?.type === 'thinking_delta') return textDelta('reasoning_content', delta.thinking);
    if (delta?.type !== 'input_json_delta' || !delta.partial_json) return [];
    const tool = tools.get(data.index ?? 0);
    if (!tool) return [];
    tool.sentArguments = true;
    text += delta.partial_json;
    return [toolDelta({ index: tool.toolIndex, function: { arguments: delta.partial_json } })];
  };

  // A tool called without arguments streams no JSON at all; clients parse the arguments, so send "{}".
  const blockStop = (data: ClaudeStreamEvent): string[] => {
    const tool = tools.get(data.index ?? 0);
    if (!tool || tool.sentArguments) return [];
    tool.sentArguments = true;
    return [toolDelta({ index: tool.toolIndex, function: { arguments: '{}' } })];
  };

  const streamError = (data: ClaudeStreamEvent): string[] => {
    failed = true;
    const error = readClaudeError(data) ?? { type: 'api_error', message: 'upstream stream error' };
    return [sseFrame(JSON.stringify(openAiErrorObject(claudeUpstreamError(400, error))))];
  };

  return {
    push(event: SseEvent) {
      if (failed) return [];
      const data = parseEventData<ClaudeStreamEvent>(event.data);
      if (!data) return [];
      switch (data.type ?? event.event) {
        case 'message_start': {
          const message = data.message;
          if (typeof message?.id === 'string' && message.id !== '') id = message.id;
          // message_start's output_tokens is a placeholder; the real count comes with message_delta.
          const { output_tokens: _placeholder, ...input } = message?.usage ?? {};
          usage = mergeClaudeUsage(usage, input);
          return [chunk({ role: 'assistant', content: '' })];
        }
        case 'content_block_start':
          return blockStart(data);
        case 'content_block_delta':
          return blockDelta(data);
        case 'content_block_stop':
          return blockStop(data);
        case 'message_delta': {
          usage = mergeClaudeUsage(usage, data.usage);
          const finish = finishReasonOf(data.delta?.stop_reason);
          return finish ? [chunk({}, finish)] : [];
        }
        case 'error':
          return streamError(data);
        default:
          // ping and message_stop carry nothing for the client; the gateway writes its own tail.
          return [];
      }
    },
    end(complete) {
      return openAiStreamTail({
        model: call.model,
        usage: billingUsageFromClaude(usage),
        includeUsage: call.includeUsage,
        complete: complete && !failed,
      });
    },
    usage: () => billingUsageFromClaude(usage),
    text: () => text,
    failed: () => failed,
  };
}
