// OpenAI-format streams passed through (behaviour spec §11.2–11.3): content chunks go to the client as
// received, the upstream's usage-only chunk is kept back, and the gateway writes its own usage chunk (when
// the client asked) and [DONE]. A mid-stream error object is forwarded and ends the stream.
import type { BillingUsage } from '../../billing/extra-usage.js';
import type { ProviderCall, SseEvent, StreamTranslator } from '../provider.js';
import { billingUsageFromOpenAi, openAiStreamTail, sseFrame } from '../shared/openai-format.js';
import { readErrorObject } from './openai-error.js';

interface ChunkShape {
  choices?: Array<{ delta?: { content?: unknown; reasoning_content?: unknown }; text?: unknown }>;
  usage?: unknown;
  error?: unknown;
}

/** A content chunk that carries neither usage nor an error can be forwarded without parsing. */
const USAGE_OBJECT = /"usage"\s*:\s*\{/;
const ERROR_FIELD = /"error"\s*:/;

function chunkText(chunk: ChunkShape): string {
  let text = '';
  for (const choice of chunk.choices ?? []) {
    const piece = choice.delta?.content ?? choice.text;
    if (typeof piece === 'string') text += piece;
  }
  return text;
}

/**
 * Passes an OpenAI chat or completions stream through. Plain content chunks are forwarded as received
 * and parsed only if their text is needed (the upstream reported no usage), which keeps a JSON parse per
 * chunk off the hot path.
 */
export function openAiChunkStream(call: ProviderCall, object: string): StreamTranslator {
  let usage: BillingUsage | undefined;
  let text = '';
  /** Content chunks not parsed yet, in order. */
  let unread: string[] = [];
  let failed = false;
  return {
    push(event: SseEvent) {
      const data = event.data;
      if (failed || data === '[DONE]' || data === '') return [];
      if (data.charCodeAt(0) === 123 && !USAGE_OBJECT.test(data) && !ERROR_FIELD.test(data)) {
        unread.push(data);
        return [sseFrame(data)];
      }
      let chunk: ChunkShape;
      try {
        chunk = JSON.parse(data) as ChunkShape;
      } catch {
        // Non-JSON data lines are dropped, as non-`data:` lines are (spec §11.2).
        return [];
      }
      if (readErrorObject(chunk)) {
        failed = true;
        return [sseFrame(data)];
      }
      const reported = billingUsageFromOpenAi(chunk.usage);
      if (reported) usage = reported;
      const choices = chunk.choices;
      if (!Array.isArray(choices) || choices.length === 0) {
        // The usage-only chunk is the gateway's to send (only when the client asked for it).
        return reported ? [] : [sseFrame(data)];
      }
      unread.push(data);
      return [sseFrame(data)];
    },
    end(complete) {
      return openAiStreamTail({
        model: call.model,
        usage,
        includeUsage: call.includeUsage,
        complete: complete && !failed,
        object,
      });
    },
    usage: () => usage,
    text() {
      for (const data of unread) {
        try {
          text += chunkText(JSON.parse(data) as ChunkShape);
        } catch {
          // a malformed chunk adds no text
        }
      }
      unread = [];
      return text;
    },
    failed: () => failed,
  };
}

/** Passes a Responses API stream through event by event, reading usage from `response.completed`. */
export function responsesStream(): StreamTranslator {
  let usage: BillingUsage | undefined;
  let text = '';
  let failed = false;
  return {
    push(event: SseEvent) {
      if (event.data === '' || event.data === '[DONE]') return [];
      try {
        const parsed = JSON.parse(event.data) as {
          type?: string;
          delta?: unknown;
          response?: { usage?: unknown };
        };
        const type = parsed.type ?? event.event;
        if (type === 'response.output_text.delta' && typeof parsed.delta === 'string') text += parsed.delta;
        if (type === 'response.completed' || type === 'response.incomplete') {
          usage = billingUsageFromOpenAi(parsed.response?.usage) ?? usage;
        }
        if (type === 'error' || type === 'response.failed') failed = true;
      } catch {
        // forwarded as received; nothing to read from it
      }
      return [sseFrame(event.data, event.event)];
    },
    end: () => [],
    usage: () => usage,
    text: () => text,
    failed: () => failed,
  };
}
