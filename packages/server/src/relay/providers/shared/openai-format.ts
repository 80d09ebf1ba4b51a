// OpenAI wire pieces every provider that answers in the OpenAI dialect shares: SSE frames, the usage
// object in both directions, and the gateway's own closing chunks of a stream (spec §11.2).
import { randomUUID } from 'node:crypto';
import {
  type BillingUsage,
  extraUsageFromOpenAi,
  type OpenAiUsageDetails,
} from '../../billing/extra-usage.js';

/**
 * One SSE frame: optional `event:` line, then one `data:` line per line of `data`, blank line. A reader
 * joins the data lines back with `\n`, so a multi-line event (which the parser delivers joined) comes
 * out as sent; one `data:` line holding a newline would lose the prefix on its second line.
 */
export function sseFrame(data: string, event?: string): string {
  const lines = data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return event ? `event: ${event}\n${lines}\n` : `${lines}\n`;
}

/** The frame that ends an OpenAI stream. */
export const SSE_DONE_FRAME = 'data: [DONE]\n\n';

/** An OpenAI `usage` object as upstreams send it. */
export interface OpenAiUsage extends OpenAiUsageDetails {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  /** Responses API names. */
  input_tokens?: number;
  output_tokens?: number;
}

/** Reads an OpenAI-format usage object into billing usage; undefined when it carries no counts. */
export function billingUsageFromOpenAi(usage: unknown): BillingUsage | undefined {
  if (!usage || typeof usage !== 'object') return undefined;
  const raw = usage as OpenAiUsage;
  const prompt = count(raw.prompt_tokens ?? raw.input_tokens);
  const completion = count(raw.completion_tokens ?? raw.output_tokens);
  if (prompt === undefined && completion === undefined) return undefined;
  const extra = extraUsageFromOpenAi(raw);
  return {
    prompt_tokens: prompt ?? 0,
    completion_tokens: completion ?? 0,
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/** Billing usage → the OpenAI `usage` object a client reads. */
export function openAiUsageObject(usage: BillingUsage): Record<string, unknown> {
  const out: Record<string, unknown> = {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
  };
  const extra = usage.extra ?? {};
  if (extra.cached_tokens || extra.input_audio_tokens) {
    out.prompt_tokens_details = {
      cached_tokens: extra.cached_tokens ?? 0,
      audio_tokens: extra.input_audio_tokens ?? 0,
    };
  }
  if (extra.reasoning_tokens || extra.output_audio_tokens) {
    out.completion_tokens_details = {
      reasoning_tokens: extra.reasoning_tokens ?? 0,
      audio_tokens: extra.output_audio_tokens ?? 0,
    };
  }
  return out;
}

/** A fresh chat completion id, `chatcmpl-<uuid>`. */
export function chatCompletionId(): string {
  return `chatcmpl-${randomUUID()}`;
}

/** Facts of the stream the closing chunk repeats. */
export interface StreamTailOptions {
  model: string;
  usage: BillingUsage | undefined;
  includeUsage: boolean;
  /** Whether the upstream stream finished without an error; a failed stream ends without [DONE]. */
  complete: boolean;
  /** `chat.completion.chunk` (chat) or `text_completion` (completions). */
  object?: string;
}

/**
 * The gateway's own end of an OpenAI-dialect stream: the usage-only chunk when the client asked for
 * include_usage, then `[DONE]`; nothing after a mid-stream error (spec §11.2–11.3).
 */
export function openAiStreamTail(options: StreamTailOptions): string[] {
  if (!options.complete) return [];
  const frames: string[] = [];
  if (options.includeUsage) {
    const usage = options.usage ?? { prompt_tokens: 0, completion_tokens: 0 };
    frames.push(
      sseFrame(
        JSON.stringify({
          id: chatCompletionId(),
          object: options.object ?? 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: options.model,
          choices: [],
          usage: openAiUsageObject(usage),
        }),
      ),
    );
  }
  frames.push(SSE_DONE_FRAME);
  return frames;
}

/** An OpenAI error body. */
export function openAiErrorObject(error: {
  message: string;
  type: string;
  code: string | number | null;
  param?: string | null;
}): { error: Record<string, unknown> } {
  return {
    error: {
      message: error.message,
      type: error.type,
      code: error.code,
      ...(error.param !== undefined && error.param !== null ? { param: error.param } : {}),
    },
  };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : undefined;
}
