// A stream's in-flight claim grown as its reply streams (issue 8 item 6): the completion a stream may still
// write is what its claim pays for; past that the claim grows against the balance read fresh — a stream
// outlives the key cache, and charges written meanwhile by other requests are in the database only
// (stored-balances says how the row and the ledger's sums are put together) — and
// when the balance beside every other claim covers no more, the pipeline ends the stream (finish_reason
// "length"), so however many long streams run at once the user pays no more than the balance.
import { completionPoints, coveredCompletionTokens } from '../billing/completion-budget.js';
import type { RequestRatios } from '../billing/request-ratios.js';
import type { RelayCaller } from './authenticate.js';
import type { RelayDeps } from './relay-handler.js';
import { balancesNow, NO_BALANCE, readStoredBalances } from './stored-balances.js';

export interface StreamBudget {
  /** Completion tokens the claim pays for now. */
  covered(): number;
  /** Grows the claim to pay for at least `tokens`; false when the balance cannot (the stream ends). */
  cover(tokens: number): Promise<boolean>;
  /** Counts the reply's text as a cut stream is billed (off the event loop). */
  measure(text: string): Promise<number>;
}

export interface StreamBudgetInput {
  requestId: string;
  caller: RelayCaller;
  /** The hold of spec §9.4 step 1, inside the claim. */
  pre: number;
  /** Points deducted in the database for this request (added back: the claim counts them already). */
  hold: number;
  ratios: RequestRatios;
  /** The points the claim was granted at admission. */
  granted: number;
  /** The client's completion limit: the upstream stops there, so the claim never grows past it. */
  requested: number | undefined;
  /** How many completion tokens each growth asks for beyond what is needed (InFlightCompletionTokens). */
  step: number;
  /** Counts completion text the way settlement does when the upstream reports no usage. */
  count: (text: string) => Promise<number>;
}

export function createStreamBudget(
  deps: Pick<RelayDeps, 'db' | 'ledger' | 'inFlight'>,
  input: StreamBudgetInput,
): StreamBudget {
  const { pre, ratios, requested } = input;
  let covered = coveredCompletionTokens(input.granted, pre, ratios);
  const pointsFor = (tokens: number) =>
    pre + completionPoints(requested === undefined ? tokens : Math.min(tokens, requested), ratios);
  return {
    // Once the client's own limit is paid for, nothing the upstream may still send needs a check.
    covered: () => (requested !== undefined && covered >= requested ? Number.POSITIVE_INFINITY : covered),
    async cover(tokens) {
      const needed = requested === undefined ? tokens : Math.min(tokens, requested);
      if (needed <= covered) return true;
      // A row read now (a stream outlives the key cache), the ledger's sums added in the step that checks
      // the other claims: a request settling during the read is then counted as its claim or its charge.
      const stored = await readStoredBalances(deps, input.caller.tokenId);
      if (!stored) return false;
      const granted = await deps.inFlight.grow(
        input.requestId,
        { points: pointsFor(needed + input.step), least: pointsFor(needed) },
        () => balancesNow(deps.ledger, stored, input.caller, input.hold) ?? NO_BALANCE,
      );
      if (granted === undefined) return false;
      covered = coveredCompletionTokens(granted, pre, ratios);
      return needed <= covered;
    },
    measure: input.count,
  };
}
