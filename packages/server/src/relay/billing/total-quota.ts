// The final charge of one request (behaviour spec §9.3, `GetTotalQuota`): integer points from the usage,
// computed in exact decimals so no float error moves a ceil or trunc across a whole point.
import { DEFAULT_QUOTA_PER_UNIT, MIN_CHARGE_POINTS, Money, wholePoints } from '@gw/core';
import { extraBillingPoints } from './extra-billing.js';
import { type BillingUsage, EXTRA_USAGE_KIND_NAMES, EXTRA_USAGE_KINDS } from './extra-usage.js';
import type { RequestRatios } from './request-ratios.js';

/** Prompt and completion tokens after each extra kind added trunc(n·(r − 1)) to its side (step 1). */
export interface AdjustedTokens {
  prompt: number;
  completion: number;
}

/** Step 1: the token counts re-weighted by the extra usage multipliers. */
export function adjustedTokens(usage: BillingUsage, ratios: RequestRatios): AdjustedTokens {
  // Most replies report no extra kinds: their counts stand as they are.
  if (!usage.extra) return { prompt: usage.prompt_tokens, completion: usage.completion_tokens };
  let prompt = new Money(usage.prompt_tokens);
  let completion = new Money(usage.completion_tokens);
  for (const kind of EXTRA_USAGE_KIND_NAMES) {
    const count = usage.extra?.[kind] ?? 0;
    if (!count) continue;
    const shift = new Money(count).times(ratios.extraRatios[kind].minus(1)).trunc();
    if (EXTRA_USAGE_KINDS[kind].side === 'prompt') prompt = prompt.plus(shift);
    else completion = completion.plus(shift);
  }
  return { prompt: prompt.toNumber(), completion: completion.toNumber() };
}

/** Options of the final charge that come from the runtime options. */
export interface TotalQuotaOptions {
  /** The billed model name (prices web search by model family). */
  model?: string;
  /** Points per US dollar (option QuotaPerUnit). */
  quotaPerUnit?: number;
}

/** The points one request costs (steps 1–5 of spec §9.3). */
export function totalQuota(
  usage: BillingUsage,
  ratios: RequestRatios,
  options: TotalQuotaOptions = {},
): number {
  const tokens = adjustedTokens(usage, ratios);
  // Step 2: the base charge. `times` bills 1000 × input ratio per call, truncated like Go's int().
  let quota =
    ratios.priceType === 'times'
      ? wholePoints([[1000, ratios.inputRatio]], 'trunc')
      : wholePoints(
          [
            [tokens.prompt, ratios.inputRatio],
            [tokens.completion, ratios.outputRatio],
          ],
          'ceil',
        );
  // Step 3: paid tool calls, priced in dollars, then scaled by the group ratio.
  const extra =
    usage.extra_billing &&
    extraBillingPoints(
      options.model ?? '',
      usage.extra_billing,
      options.quotaPerUnit ?? DEFAULT_QUOTA_PER_UNIT,
    );
  if (extra?.isPositive() && !extra.isZero()) quota += extra.times(ratios.groupRatio).ceil().toNumber();
  // Step 4: a priced request never costs less than the minimum charge.
  if (!ratios.inputRatio.isZero() && quota <= 0) quota = MIN_CHARGE_POINTS;
  // Step 5: no tokens at all is no charge, whatever the price type.
  if (tokens.prompt + tokens.completion === 0) return 0;
  return quota;
}
