// What the in-flight check counts for one request (hardening of spec §9.4): the hold, plus the completion
// it may still produce priced at the output ratio. Counting only the hold let 200 concurrent requests of a
// user holding 3,000 points each pass the balance check and settle at 5,012 points apiece.
import { Money } from '@gw/core';
import type { RequestRatios } from './request-ratios.js';

/** The completion tokens a request declares it may produce (max_tokens and its aliases), if any. */
export function requestedCompletionTokens(body: unknown): number | undefined {
  if (!body || typeof body !== 'object' || body instanceof FormData) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of ['max_completion_tokens', 'max_tokens', 'max_output_tokens']) {
    const value = record[field];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  }
  return undefined;
}

/**
 * The points an in-flight request is counted at: `pre` (the hold) plus `min(requested, allowance)`
 * completion tokens at the output ratio. A per-call (`times`) or free price costs exactly `pre`.
 */
export function inFlightBound(
  pre: number,
  ratios: RequestRatios,
  requestedCompletion: number | undefined,
  allowanceTokens: number,
): number {
  if (pre <= 0 || ratios.priceType === 'times') return Math.max(0, pre);
  const completion = Math.min(requestedCompletion ?? allowanceTokens, allowanceTokens);
  return new Money(completion).times(ratios.outputRatio).ceil().plus(pre).toNumber();
}
