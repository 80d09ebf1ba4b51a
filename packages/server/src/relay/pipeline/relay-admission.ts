// Whether a request may start, and what it holds (behaviour spec §9.4, tightened against concurrency): the
// one-hub balance check, the in-flight check of every other running request of the user and the key, then
// the database hold (its `relay_holds` row makes a crash before its settlement refunded at start).
import { planHold, TRUSTED_QUOTA_FACTOR } from '../billing/pre-consume.js';
import type { InFlightStore } from '../billing/in-flight.js';
import { applyHold } from '../ledger/hold.js';
import type { RelayCaller } from './authenticate.js';
import { localError, type RelayError } from './relay-error.js';
import type { RelayDeps } from './relay-handler.js';
import {
  balancesNow,
  callerStoredBalances,
  NO_BALANCE,
  readStoredBalances,
  STORED_BALANCES_MAX_AGE_MS,
  type StoredBalances,
} from './stored-balances.js';

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
  const stored = await admissionBalances(deps, caller);
  // Read again in the very step each check is made (the in-flight store calls it as it checks the claims).
  const balances = () => (stored && balancesNow(deps.ledger, stored, caller)) ?? NO_BALANCE;
  const { user: userQuota, token } = balances();
  const tokenQuota = token ?? 0;
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
      balances,
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
      // The database's balance is read by the hold's own update: only what the ledger holds unwritten now.
      userPending: deps.ledger.pendingUserQuota(caller.userId),
      tokenPending: deps.ledger.pendingTokenQuota(caller.tokenId),
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

/**
 * The stored balances a request is admitted on: the row authentication read when it is recent and the
 * ledger still keeps the batches written since, else a row read now. Recent, because another process's
 * written charges stay counted in Redis only WRITTEN_GRACE_MS after their write.
 */
export async function admissionBalances(
  deps: Pick<RelayDeps, 'db' | 'ledger'>,
  caller: RelayCaller,
): Promise<StoredBalances | undefined> {
  const cached = callerStoredBalances(caller);
  const recent = Date.now() - cached.readAt <= STORED_BALANCES_MAX_AGE_MS;
  if (recent && balancesNow(deps.ledger, cached, caller) !== undefined) return cached;
  return readStoredBalances(deps, caller.tokenId);
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
