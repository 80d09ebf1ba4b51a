// Whether a request may start, and what it holds (behaviour spec §9.4, tightened against concurrency): the
// one-hub balance check, the in-flight check of every other running request of the user and the key, then
// the database hold (its `relay_holds` row makes a crash before its settlement refunded at start).
import { planHold, TRUSTED_QUOTA_FACTOR } from '../billing/pre-consume.js';
import type { InFlightStore } from '../billing/in-flight.js';
import { applyHold } from '../ledger/hold.js';
import type { RelayCaller } from './authenticate.js';
import { localError, type RelayError } from './relay-error.js';
import type { RelayDeps } from './relay-handler.js';

export interface AdmissionInput {
  requestId: string;
  caller: RelayCaller;
  /** The hold of spec §9.4 step 1 (prompt estimate + PreConsumedQuota). */
  pre: number;
  /** What the in-flight check counts for this request, and the fewest points it accepts (planClaim). */
  claim: { points: number; least?: number };
}

export interface Admission {
  /** Points deducted in the database (0 = none). */
  hold: number;
  /** The request holds an in-flight claim to end with it. */
  claimed: boolean;
  /** The points its claim was granted (undefined without a claim). */
  granted?: number;
}

export async function admitRequest(
  deps: Pick<RelayDeps, 'db' | 'ledger' | 'state' | 'inFlight'>,
  input: AdmissionInput,
): Promise<Admission | RelayError> {
  const { caller, pre, requestId } = input;
  const options = deps.state.options();
  const refuse = (status: number, key: string, code?: string) =>
    localError(status, options.language, key, undefined, code);
  const userPending = deps.ledger.pendingUserQuota(caller.userId);
  const tokenPending = deps.ledger.pendingTokenQuota(caller.tokenId);
  const userQuota = caller.userQuota + userPending;
  const tokenQuota = caller.tokenRemainQuota + tokenPending;
  let holdPlan = planHold(pre, userQuota);
  // The trust rule skips the database hold for rich users; a limited token that is not just as rich is
  // held all the same, or concurrent requests could spend past its limit (one-hub's rule when turned off).
  if (
    options.inFlightCheck &&
    holdPlan.kind === 'trusted' &&
    !caller.tokenUnlimited &&
    tokenQuota <= TRUSTED_QUOTA_FACTOR * pre
  ) {
    holdPlan = { kind: 'hold', hold: pre, cacheDecrease: pre };
  }
  if (holdPlan.kind === 'insufficient') {
    return refuse(402, 'relay.quota.user_not_enough', 'insufficient_user_quota');
  }
  let claimed = false;
  let granted: number | undefined;
  if (options.inFlightCheck && holdPlan.kind !== 'free') {
    const points = Math.max(input.claim.points, pre);
    const admitted = await deps.inFlight.admit(
      {
        id: requestId,
        userId: caller.userId,
        tokenId: caller.tokenUnlimited ? undefined : caller.tokenId,
        points,
        minimum: pre,
        ...(input.claim.least === undefined
          ? {}
          : { least: Math.min(Math.max(input.claim.least, pre), points) }),
      },
      { user: userQuota, token: caller.tokenUnlimited ? undefined : tokenQuota },
    );
    if (typeof admitted === 'string') {
      return refuse(429, 'relay.quota.in_flight', 'insufficient_quota_in_flight');
    }
    claimed = true;
    granted = admitted;
  }
  const claim = granted === undefined ? {} : { granted };
  if (holdPlan.kind !== 'hold') return { hold: 0, claimed, ...claim };
  let outcome: Awaited<ReturnType<typeof applyHold>>;
  try {
    outcome = await applyHold(deps.db, {
      id: requestId,
      owner: deps.ledger.holdOwner,
      userId: caller.userId,
      tokenId: caller.tokenId,
      tokenUnlimited: caller.tokenUnlimited,
      amount: holdPlan.hold,
      userPending,
      tokenPending,
    });
  } catch (error) {
    if (claimed) deps.inFlight.release(requestId);
    throw error;
  }
  if (outcome !== 'ok') {
    if (claimed) deps.inFlight.release(requestId);
    return outcome === 'user'
      ? refuse(403, 'relay.quota.user_hold_not_enough')
      : refuse(403, 'relay.quota.token_not_enough');
  }
  return { hold: holdPlan.hold, claimed, ...claim };
}

/** Ends a request's in-flight claim: what it still owes until the ledger writes it, or nothing. */
export function endClaim(
  inFlight: InFlightStore,
  requestId: string,
  settled: { userOwed: number; tokenOwed: number } | undefined,
): void {
  if (settled) inFlight.settled(requestId, { user: settled.userOwed, token: settled.tokenOwed });
  else inFlight.release(requestId);
}
