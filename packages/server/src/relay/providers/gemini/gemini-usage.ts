// Google's usageMetadata → billing usage (spec §19: completion = candidates + thoughts).
import type { BillingUsage, ExtraUsageKind } from '../../billing/extra-usage.js';
import type { GeminiUsageMetadata } from './gemini-wire.js';

function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/**
 * Billing usage from a usageMetadata object: prompt = promptTokenCount, completion =
 * candidatesTokenCount + thoughtsTokenCount, extra reasoning_tokens = thoughts and cached_tokens =
 * cachedContentTokenCount. Undefined when the object carries no counts at all.
 */
export function billingUsageFromGemini(metadata: GeminiUsageMetadata | undefined): BillingUsage | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  const { promptTokenCount, candidatesTokenCount, thoughtsTokenCount } = metadata;
  if (
    promptTokenCount === undefined &&
    candidatesTokenCount === undefined &&
    thoughtsTokenCount === undefined
  ) {
    return undefined;
  }
  const thoughts = tokenCount(metadata.thoughtsTokenCount);
  const cached = tokenCount(metadata.cachedContentTokenCount);
  const extra: Partial<Record<ExtraUsageKind, number>> = {};
  if (thoughts > 0) extra.reasoning_tokens = thoughts;
  if (cached > 0) extra.cached_tokens = cached;
  return {
    prompt_tokens: tokenCount(metadata.promptTokenCount),
    completion_tokens: tokenCount(metadata.candidatesTokenCount) + thoughts,
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}
