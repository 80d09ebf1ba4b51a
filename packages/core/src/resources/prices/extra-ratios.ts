// The extra usage kinds of behaviour spec §9.3 step 1: token counts an upstream reports beside the plain
// prompt/completion totals, each re-weighted by its own multiplier from a price's `extra_ratios`. One
// definition for the relay's billing and the consoles' extra-ratio editors (console-screens §17.3).

/** The side of the bill an extra usage kind adjusts. */
export type ExtraUsageSide = 'prompt' | 'completion';

/** Every extra usage kind, its side and its default multiplier (spec §9.3 table), in log order. */
export const EXTRA_USAGE_KINDS = {
  cached_tokens: { side: 'prompt', defaultRatio: '1' },
  cached_write_tokens: { side: 'prompt', defaultRatio: '1.25' },
  cached_read_tokens: { side: 'prompt', defaultRatio: '0.1' },
  input_audio_tokens: { side: 'prompt', defaultRatio: '1' },
  input_text_tokens: { side: 'prompt', defaultRatio: '1' },
  input_image_tokens: { side: 'prompt', defaultRatio: '1' },
  output_audio_tokens: { side: 'completion', defaultRatio: '1' },
  output_text_tokens: { side: 'completion', defaultRatio: '1' },
  output_image_tokens: { side: 'completion', defaultRatio: '1' },
  reasoning_tokens: { side: 'completion', defaultRatio: '1' },
} as const satisfies Record<string, { side: ExtraUsageSide; defaultRatio: string }>;

export type ExtraUsageKind = keyof typeof EXTRA_USAGE_KINDS;
export const EXTRA_USAGE_KIND_NAMES = Object.keys(EXTRA_USAGE_KINDS) as ExtraUsageKind[];

/** The i18n key of an extra usage kind's name (`prices.extra.cached_tokens`…). */
export function extraUsageKindKey(kind: string): string {
  return `prices.extra.${kind}`;
}
