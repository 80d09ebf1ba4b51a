// Anthropic usage → billing usage (spec §19, §9.3 step 1, §10.4): prompt = input + cache writes + cache
// reads, with the cache counts also reported as the extra kinds that re-weight them.
import type { BillingUsage } from '../../billing/extra-usage.js';
import type { ClaudeUsage } from './claude-wire.js';

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/** The token counts of an Anthropic `usage` in billing form, zeros included. */
export function claudeTokenCounts(usage: ClaudeUsage): BillingUsage {
  const cacheWrite = count(usage.cache_creation_input_tokens);
  const cacheRead = count(usage.cache_read_input_tokens);
  const extra: NonNullable<BillingUsage['extra']> = {};
  if (cacheWrite > 0) extra.cached_write_tokens = cacheWrite;
  if (cacheRead > 0) extra.cached_read_tokens = cacheRead;
  return {
    prompt_tokens: count(usage.input_tokens) + cacheWrite + cacheRead,
    completion_tokens: count(usage.output_tokens),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/**
 * The billing usage of an Anthropic `usage`; undefined when the input or the output count is 0 or missing,
 * since one-hub then estimates the prompt and counts the output text instead (spec §10.4) — the pipeline
 * does that when a provider reports no usage.
 */
export function billingUsageFromClaude(usage: ClaudeUsage | undefined): BillingUsage | undefined {
  if (!usage || count(usage.input_tokens) === 0 || count(usage.output_tokens) === 0) return undefined;
  return claudeTokenCounts(usage);
}

/** Folds a later usage report into an earlier one: counts the later one carries replace the earlier ones. */
export function mergeClaudeUsage(earlier: ClaudeUsage, later: ClaudeUsage | undefined): ClaudeUsage {
  if (!later) return earlier;
  const merged: ClaudeUsage = { ...earlier };
  for (const field of [
    'input_tokens',
    'output_tokens',
    'cache_creation_input_tokens',
    'cache_read_input_tokens',
  ] as const) {
    const value = later[field];
    if (typeof value === 'number') merged[field] = value;
  }
  return merged;
}
