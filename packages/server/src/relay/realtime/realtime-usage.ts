// The usage an OpenAI Realtime session reports (behaviour spec §11.5): each `response.done` carries the
// response's token counts, and a transcription's `…input_audio_transcription.completed` its own. They are
// read into the relay's BillingUsage (prompt side = input, completion side = output, with the extra kinds
// of spec §9.3) and summed over the session, which is settled once on close.
import { type BillingUsage, EXTRA_USAGE_KIND_NAMES, extraUsageFromOpenAi } from '../billing/extra-usage.js';

interface RealtimeUsageWire {
  input_tokens?: unknown;
  output_tokens?: unknown;
  input_token_details?: {
    cached_tokens?: unknown;
    text_tokens?: unknown;
    audio_tokens?: unknown;
    image_tokens?: unknown;
  } | null;
  output_token_details?: { text_tokens?: unknown; audio_tokens?: unknown } | null;
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** The usage one upstream event reports, or undefined when it reports none. */
export function realtimeEventUsage(event: unknown): BillingUsage | undefined {
  if (!event || typeof event !== 'object') return undefined;
  const { type, response, usage } = event as { type?: unknown; response?: unknown; usage?: unknown };
  let wire: unknown;
  if (type === 'response.done' && response && typeof response === 'object') {
    wire = (response as { usage?: unknown }).usage;
  } else if (type === 'conversation.item.input_audio_transcription.completed') {
    // Token-priced transcription models report their usage here; duration-priced ones do not.
    wire = usage && (usage as { type?: unknown }).type === 'tokens' ? usage : undefined;
  }
  if (!wire || typeof wire !== 'object') return undefined;
  const raw = wire as RealtimeUsageWire;
  const prompt = count(raw.input_tokens) ?? 0;
  const completion = count(raw.output_tokens) ?? 0;
  if (prompt + completion === 0) return undefined;
  const input = raw.input_token_details ?? {};
  const output = raw.output_token_details ?? {};
  const extra = extraUsageFromOpenAi({
    prompt_tokens_details: {
      cached_tokens: count(input.cached_tokens),
      text_tokens: count(input.text_tokens),
      audio_tokens: count(input.audio_tokens),
      image_tokens: count(input.image_tokens),
    },
    completion_tokens_details: {
      text_tokens: count(output.text_tokens),
      audio_tokens: count(output.audio_tokens),
    },
  });
  return Object.keys(extra).length > 0
    ? { prompt_tokens: prompt, completion_tokens: completion, extra }
    : { prompt_tokens: prompt, completion_tokens: completion };
}

/** The sum of two usages (the session's running total). */
export function mergeUsage(total: BillingUsage, more: BillingUsage): BillingUsage {
  const extra: NonNullable<BillingUsage['extra']> = {};
  for (const kind of EXTRA_USAGE_KIND_NAMES) {
    const sum = (total.extra?.[kind] ?? 0) + (more.extra?.[kind] ?? 0);
    if (sum > 0) extra[kind] = sum;
  }
  return {
    prompt_tokens: total.prompt_tokens + more.prompt_tokens,
    completion_tokens: total.completion_tokens + more.completion_tokens,
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}
