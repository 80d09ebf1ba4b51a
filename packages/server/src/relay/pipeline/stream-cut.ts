// The frames that end a stream gw cut because the balance covers no more of it (issue 8 item 6): to the
// client the reply ends as if the completion limit had been reached — finish_reason "length" in the OpenAI
// dialects, stop_reason "max_tokens" in Claude's. Other dialects end without their closing event, as a
// stream the upstream broke does (spec §11.3).
import type { ProviderCall } from '../providers/provider.js';
import { chatCompletionId, sseFrame } from '../providers/shared/openai-format.js';

/** The closing frames for a cut stream; empty when the dialect has none (the stream just ends). */
export function streamCutFrames(call: Pick<ProviderCall, 'operation' | 'model'>): string[] {
  const created = Math.floor(Date.now() / 1000);
  switch (call.operation) {
    case 'chat':
      return [
        sseFrame(
          JSON.stringify({
            id: chatCompletionId(),
            object: 'chat.completion.chunk',
            created,
            model: call.model,
            choices: [{ index: 0, delta: {}, finish_reason: 'length' }],
          }),
        ),
      ];
    case 'completions':
      return [
        sseFrame(
          JSON.stringify({
            id: chatCompletionId(),
            object: 'text_completion',
            created,
            model: call.model,
            choices: [{ index: 0, text: '', finish_reason: 'length' }],
          }),
        ),
      ];
    case 'claude-messages':
      return [
        sseFrame(
          JSON.stringify({
            type: 'message_delta',
            delta: { stop_reason: 'max_tokens', stop_sequence: null },
          }),
          'message_delta',
        ),
        sseFrame(JSON.stringify({ type: 'message_stop' }), 'message_stop'),
      ];
    default:
      return [];
  }
}
