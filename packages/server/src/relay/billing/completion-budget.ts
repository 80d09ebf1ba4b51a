// How much completion a request's in-flight claim pays for (issue 8 item 6, long replies). Counting a
// request at its hold plus a guessed completion let a reply longer than the guess spend past the balance,
// once per concurrent request: 200 long replies took a user holding 600M points to −2.32 billion. So a
// request's completion is kept within its claim — a non-streamed one by the completion limit sent upstream
// (the client's, lowered to what the balance covers, or InFlightMaxCompletionTokens when it gave none), a
// stream by growing its claim as it streams and ending it when the balance covers no more.
import { wholePoints, wholeQuotient } from '@gw/core';
import type { RelayOperation } from '../providers/provider.js';
import type { RequestRatios } from './request-ratios.js';

/** A request the balance covers for fewer completion tokens than this is refused rather than cut short. */
export const LEAST_COMPLETION_TOKENS = 256;

/** Operations whose non-streamed completion gw can limit, and the body field each limit is sent in. */
const LIMIT_FIELDS: Partial<Record<RelayOperation, readonly string[]>> = {
  chat: ['max_completion_tokens', 'max_tokens'],
  completions: ['max_tokens'],
  responses: ['max_output_tokens'],
  'claude-messages': ['max_tokens'],
};

/** Whether the completion is priced per token (a per-call, free or output-free price needs no allowance). */
export function completionPriced(pre: number, ratios: RequestRatios): boolean {
  return pre > 0 && ratios.priceType !== 'times' && !ratios.free && ratios.outputRatio.gt(0);
}

/** The points `tokens` completion tokens cost at the output ratio, rounded up like the charge. */
export function completionPoints(tokens: number, ratios: RequestRatios): number {
  return wholePoints([[tokens, ratios.outputRatio]], 'ceil');
}

/** The completion tokens that `points` above the hold `pre` pay for, rounded down. */
export function coveredCompletionTokens(points: number, pre: number, ratios: RequestRatios): number {
  if (points <= pre) return 0;
  return wholeQuotient(points - pre, ratios.outputRatio);
}

export interface ClaimPlanInput {
  operation: RelayOperation;
  stream: boolean;
  /** The completion limit the client sent, if any (requestedCompletionTokens). */
  requested: number | undefined;
  /** InFlightCompletionTokens: what a stream (or an unlimitable request) is first counted at. */
  countedTokens: number;
  /** InFlightMaxCompletionTokens: the limit sent with a non-streamed request that gave none. */
  maxTokens: number;
}

/** The in-flight claim of a request: the points it asks for, and the fewest it accepts (see InFlightClaim). */
export interface ClaimPlan {
  points: number;
  least?: number;
  /** Its completion is kept within the claim: limited upstream (non-stream) or grown (stream). */
  bounded: boolean;
}

export function planClaim(pre: number, ratios: RequestRatios, input: ClaimPlanInput): ClaimPlan {
  if (!completionPriced(pre, ratios)) return { points: Math.max(0, pre), bounded: false };
  const limitable = !input.stream && LIMIT_FIELDS[input.operation] !== undefined;
  const bounded = input.stream || limitable;
  const wanted = limitable
    ? (input.requested ?? input.maxTokens)
    : Math.min(input.requested ?? input.countedTokens, input.countedTokens);
  const points = pre + completionPoints(wanted, ratios);
  if (!bounded) return { points, bounded };
  const least = pre + completionPoints(Math.min(wanted, LEAST_COMPLETION_TOKENS), ratios);
  return { points, least, bounded };
}

/**
 * The completion limit a non-streamed request goes upstream with, for the `granted` points of its claim:
 * undefined when the client's own limit is covered, else what the claim pays for (at most the limit asked
 * for, or InFlightMaxCompletionTokens when none was).
 */
export function completionLimit(
  granted: number,
  pre: number,
  ratios: RequestRatios,
  input: Pick<ClaimPlanInput, 'requested' | 'maxTokens'>,
): number | undefined {
  const covered = coveredCompletionTokens(granted, pre, ratios);
  if (input.requested !== undefined && input.requested <= covered) return undefined;
  return Math.min(covered, input.requested ?? input.maxTokens);
}

/** Writes the completion limit into the body: the field the client used, else the operation's usual one. */
export function applyCompletionLimit(
  body: Record<string, unknown>,
  operation: RelayOperation,
  limit: number,
): void {
  const fields = LIMIT_FIELDS[operation];
  if (!fields) return;
  const used = fields.filter((field) => typeof body[field] === 'number');
  for (const field of used.length > 0 ? used : fields.slice(-1)) body[field] = limit;
}
