// The hold taken before a request is relayed (behaviour spec §9.4), its settlement against the final
// charge (§9.5) and its refund when the request fails (§9.6): pure integer arithmetic; the relay applies
// the returned deltas to the user, the token and the channel in one write.
import { wholePoints } from '@gw/core';
import type { RequestRatios } from './request-ratios.js';

/** The default of option PreConsumedQuota: points held on top of the prompt estimate. */
export const DEFAULT_PRE_CONSUMED_QUOTA = 500;
/** A user holding more than this many times the hold is trusted: nothing is deducted up front. */
export const TRUSTED_QUOTA_FACTOR = 100;

/** Step 1: the points to hold for a request with `promptTokens` estimated (spec §9.7). */
export function preConsumeQuota(
  ratios: RequestRatios,
  promptTokens: number,
  preConsumedQuota: number = DEFAULT_PRE_CONSUMED_QUOTA,
): number {
  if (ratios.priceType === 'times') return wholePoints([[1000, ratios.inputRatio]], 'trunc');
  if (ratios.free) return 0;
  return wholePoints([[promptTokens, ratios.inputRatio]], 'trunc') + preConsumedQuota;
}

/** What the relay does about the hold, given the user's (cached) quota. */
export type HoldPlan =
  /** Free request: no balance check at all. */
  | { kind: 'free'; hold: 0; cacheDecrease: 0 }
  /** 402 insufficient_user_quota (shown as 429 by the error shaping of §7.3). */
  | { kind: 'insufficient'; hold: 0; cacheDecrease: 0 }
  /** Rich user: the cache is lowered by the estimate, the database is not touched. */
  | { kind: 'trusted'; hold: 0; cacheDecrease: number }
  /** Deduct `hold` from user and token in the database (after {@link checkHoldBalances}). */
  | { kind: 'hold'; hold: number; cacheDecrease: number };

/** Steps 2–5: whether to check, refuse, trust or hold. */
export function planHold(pre: number, userQuota: number): HoldPlan {
  if (pre <= 0) return { kind: 'free', hold: 0, cacheDecrease: 0 };
  if (userQuota < pre) return { kind: 'insufficient', hold: 0, cacheDecrease: 0 };
  if (userQuota > TRUSTED_QUOTA_FACTOR * pre) return { kind: 'trusted', hold: 0, cacheDecrease: pre };
  return { kind: 'hold', hold: pre, cacheDecrease: pre };
}

/**
 * Whether a request is refused whatever its prompt counts to, so it is refused before counting (issue 8:
 * a zero-balance key could make gw count a 1 MiB prompt). The hold only grows with the prompt, so a
 * balance below the hold of an empty prompt stays short: 'user' ⇒ the 402 of planHold's 'insufficient',
 * 'token' ⇒ the 403 of the hold's token check. When only the prompt makes a hold (PreConsumedQuota 0), a
 * user at zero or below is refused too — the one case refused earlier than before: a prompt whose hold
 * rounds to 0 points.
 */
export function refusalBeforeCounting(
  ratios: RequestRatios,
  preConsumedQuota: number,
  balances: HoldBalances,
): 'user' | 'token' | null {
  if (ratios.free) return null;
  const least = preConsumeQuota(ratios, 0, preConsumedQuota);
  if (least <= 0) {
    const promptPriced = ratios.priceType === 'tokens' && ratios.inputRatio.greaterThan(0);
    return promptPriced && balances.userQuota <= 0 ? 'user' : null;
  }
  if (balances.userQuota < least) return 'user';
  if (!balances.tokenUnlimited && balances.tokenRemain < least) return 'token';
  return null;
}

/** The balances the database step re-reads before deducting the hold. */
export interface HoldBalances {
  userQuota: number;
  tokenUnlimited: boolean;
  tokenRemain: number;
}

/** Step 6 checks: 'token' ⇒ 403 "令牌额度不足", 'user' ⇒ 403 "用户额度不足", null ⇒ deduct. */
export function checkHoldBalances(hold: number, balances: HoldBalances): 'token' | 'user' | null {
  if (!balances.tokenUnlimited && balances.tokenRemain < hold) return 'token';
  if (balances.userQuota < hold) return 'user';
  return null;
}

/** Whether deducting `amount` from `before` calls for the quota warning email (step 6). */
export function crossesQuotaReminder(before: number, amount: number, threshold: number): boolean {
  const after = before - amount;
  return (before >= threshold && after < threshold) || after <= 0;
}

/** Changes to apply to the counters, in points (positive = increase). */
export interface QuotaDeltas {
  userQuota: number;
  userUsedQuota: number;
  userRequestCount: number;
  /** 0 for unlimited tokens (spec §9.5 step 5). */
  tokenRemainQuota: number;
  tokenUsedQuota: number;
  channelUsedQuota: number;
}

/** The deduction of a hold (spec §9.4 step 6): user quota and a limited token's remain go down, its used up. */
export function holdDeltas(hold: number, tokenUnlimited: boolean): QuotaDeltas {
  return {
    userQuota: -hold,
    userUsedQuota: 0,
    userRequestCount: 0,
    tokenRemainQuota: tokenUnlimited ? 0 : -hold,
    tokenUsedQuota: tokenUnlimited ? 0 : hold,
    channelUsedQuota: 0,
  };
}

/**
 * Settlement of a finished request (spec §9.5): the user and a limited token pay `final − hold` more
 * (a negative difference is returned to them). Unlike the quirk of step 4, a zero final charge still
 * returns the hold, so the user's balance always moves by exactly the logged quota.
 */
export function settlementDeltas(finalQuota: number, hold: number, tokenUnlimited: boolean): QuotaDeltas {
  const delta = finalQuota - hold;
  return {
    userQuota: -delta,
    userUsedQuota: finalQuota,
    userRequestCount: 1,
    tokenRemainQuota: tokenUnlimited ? 0 : -delta,
    tokenUsedQuota: tokenUnlimited ? 0 : delta,
    channelUsedQuota: finalQuota,
  };
}

/** Refund of a failed request (spec §9.6): the hold goes back to the user and a limited token. */
export function refundDeltas(hold: number, tokenUnlimited: boolean): QuotaDeltas {
  return {
    userQuota: hold,
    userUsedQuota: 0,
    userRequestCount: 0,
    tokenRemainQuota: tokenUnlimited ? 0 : hold,
    tokenUsedQuota: tokenUnlimited ? 0 : -hold,
    channelUsedQuota: 0,
  };
}
