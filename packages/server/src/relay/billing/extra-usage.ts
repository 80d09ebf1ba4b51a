// The extra usage an upstream reports (behaviour spec §9.3 steps 1 and 3), read from its usage object. The
// kinds themselves are defined once in core (prices/extra-ratios.ts), shared with the consoles.
import { EXTRA_USAGE_KIND_NAMES, type ExtraUsageKind } from '@gw/core';

export {
  EXTRA_USAGE_KIND_NAMES,
  EXTRA_USAGE_KINDS,
  type ExtraUsageKind,
  type ExtraUsageSide,
} from '@gw/core';

/** One paid tool call family of a reply (`usage.extra_billing`, spec §9.3 step 3). */
export interface ExtraBillingCall {
  /** The variant priced: a search context size, or `quality-size` for image generation. */
  type: string;
  call_count: number;
}

/** The usage one request is billed on, as the relay hands it over after the reply. */
export interface BillingUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** Counts of the extra usage kinds the upstream reported (absent or 0 = not reported). */
  extra?: Partial<Record<ExtraUsageKind, number>>;
  /** Paid tool calls by service (`web_search_preview`, `file_search`, …). */
  extra_billing?: Record<string, ExtraBillingCall>;
}

/** The subset of an OpenAI `usage` object that carries extra kinds. */
export interface OpenAiUsageDetails {
  prompt_tokens_details?: {
    cached_tokens?: number;
    audio_tokens?: number;
    text_tokens?: number;
    image_tokens?: number;
  } | null;
  completion_tokens_details?: {
    audio_tokens?: number;
    text_tokens?: number;
    image_tokens?: number;
    reasoning_tokens?: number;
  } | null;
}

/** The extra usage counts of an OpenAI-format `usage` (the "source" column of the spec §9.3 table). */
export function extraUsageFromOpenAi(usage: OpenAiUsageDetails): Partial<Record<ExtraUsageKind, number>> {
  const prompt = usage.prompt_tokens_details ?? {};
  const completion = usage.completion_tokens_details ?? {};
  const found: Partial<Record<ExtraUsageKind, number | undefined>> = {
    cached_tokens: prompt.cached_tokens,
    input_audio_tokens: prompt.audio_tokens,
    input_text_tokens: prompt.text_tokens,
    input_image_tokens: prompt.image_tokens,
    output_audio_tokens: completion.audio_tokens,
    output_text_tokens: completion.text_tokens,
    output_image_tokens: completion.image_tokens,
    reasoning_tokens: completion.reasoning_tokens,
  };
  const extra: Partial<Record<ExtraUsageKind, number>> = {};
  for (const kind of EXTRA_USAGE_KIND_NAMES) {
    const count = found[kind];
    if (typeof count === 'number' && Number.isInteger(count) && count > 0) extra[kind] = count;
  }
  return extra;
}
