// Gemini SSE (`data: {candidates…, usageMetadata}` per event) → OpenAI chat.completion.chunk frames
// (spec §11.2–11.3). Thought parts become `reasoning_content` deltas; the running usageMetadata of the
// latest event is the usage; a mid-stream error becomes one `data: {"error":…}` frame and no tail.
import type { BillingUsage } from '../../billing/extra-usage.js';
import type { ProviderCall, SseEvent, StreamTranslator } from '../provider.js';
import { chatCompletionId, openAiErrorObject, openAiStreamTail, sseFrame } from '../shared/openai-format.js';
import { candidateOutput, openAiFinishReason } from './chat-reply.js';
import { geminiErrorObject, geminiUpstreamError } from './gemini-error.js';
import { billingUsageFromGemini } from './gemini-usage.js';
import type { GeminiCandidate, GeminiGenerateReply } from './gemini-wire.js';

/** Per choice state: whether the role was sent, and how many tool calls so far (their delta index). */
interface ChoiceState {
  roleSent: boolean;
  toolCalls: number;
}

export function geminiChatStream(call: ProviderCall): StreamTranslator {
  const id = chatCompletionId();
  const created = Math.floor(Date.now() / 1000);
  const choices = new Map<number, ChoiceState>();
  let usage: BillingUsage | undefined;
  let text = '';
  let failed = false;

  const chunk = (choice: Record<string, unknown>) =>
    sseFrame(
      JSON.stringify({ id, object: 'chat.completion.chunk', created, model: call.model, choices: [choice] }),
    );

  const candidateFrame = (candidate: GeminiCandidate, position: number): string => {
    const index = candidate.index ?? position;
    const state = choices.get(index) ?? { roleSent: false, toolCalls: 0 };
    choices.set(index, state);
    const output = candidateOutput(candidate);
    text += output.reasoning + output.content;
    const delta: Record<string, unknown> = {};
    if (!state.roleSent) delta.role = 'assistant';
    state.roleSent = true;
    if (output.reasoning !== '') delta.reasoning_content = output.reasoning;
    if (output.content !== '' || output.toolCalls.length === 0) delta.content = output.content;
    if (output.toolCalls.length > 0) {
      delta.tool_calls = output.toolCalls.map((toolCall) => ({ index: state.toolCalls++, ...toolCall }));
    }
    const finish = candidate.finishReason
      ? openAiFinishReason(candidate.finishReason, state.toolCalls > 0)
      : null;
    return chunk({ index, delta, finish_reason: finish });
  };

  const push = (event: SseEvent): string[] => {
    if (failed) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      // Keep-alives and other non-JSON lines carry nothing to translate.
      return [];
    }
    const error = geminiErrorObject(parsed);
    if (error) {
      failed = true;
      const upstream = geminiUpstreamError(error.code ?? 500, error, call.channel.key);
      return [sseFrame(JSON.stringify(openAiErrorObject(upstream)))];
    }
    const reply = parsed as GeminiGenerateReply;
    usage = billingUsageFromGemini(reply.usageMetadata) ?? usage;
    const candidates = reply.candidates ?? [];
    if (candidates.length === 0 && reply.promptFeedback?.blockReason) {
      return [
        chunk({ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'content_filter' }),
      ];
    }
    return candidates.map(candidateFrame);
  };

  return {
    push,
    end: (complete) =>
      failed ? [] : openAiStreamTail({ model: call.model, usage, includeUsage: call.includeUsage, complete }),
    usage: () => usage,
    text: () => text,
    failed: () => failed,
  };
}
