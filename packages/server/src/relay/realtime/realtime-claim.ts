// An open Realtime session's in-flight claim (hardening of spec §9.4, as chat streams have: stream-budget).
// Without one, a user's long Realtime session spent beside concurrent chat requests that each saw the whole
// balance, and the two together overspent it. The session is admitted with a claim of one step (what
// InFlightCompletionTokens of output cost at its price); as its usage events are counted the claim grows to
// cover what it spent plus another step, against the balance read fresh beside every other claim; when the
// balance covers no more the session ends. On close the claim ends like a chat request's: what the session
// still owes is counted until the ledger writes it, or nothing when it never reached a channel.
import type { InFlightStore } from '../billing/in-flight.js';
import type { SettlementLedger } from '../ledger/settlement-ledger.js';
import type { RelayCaller } from '../pipeline/authenticate.js';
import { admissionBalances, endClaim } from '../pipeline/relay-admission.js';
import { balancesNow, NO_BALANCE, readStoredBalances } from '../pipeline/stored-balances.js';
import type { GwDb } from '../../db/database.js';

export interface RealtimeClaimDeps {
  db: GwDb;
  ledger: SettlementLedger;
  inFlight: InFlightStore;
}

export interface RealtimeClaim {
  /** The points the claim holds now. */
  readonly points: number;
  /** Grows the claim past `spent` by a step; false when the balance beside every other claim covers no more. */
  cover(spent: number): Promise<boolean>;
  /** Ends the claim: the session's settled charge (owed until the ledger writes it), or undefined when none. */
  end(quota: number | undefined): void;
}

/** Admits a session's claim of `step` points; a lone session needs any positive balance (one-hub's check). */
export async function admitRealtimeClaim(
  deps: RealtimeClaimDeps,
  input: { requestId: string; caller: RelayCaller; step: number },
): Promise<RealtimeClaim | 'user' | 'token'> {
  const { requestId, caller, step } = input;
  const stored = await admissionBalances(deps, caller);
  const admitted = await deps.inFlight.admit(
    {
      id: requestId,
      userId: caller.userId,
      tokenId: caller.tokenUnlimited ? undefined : caller.tokenId,
      points: step,
      minimum: 1,
      least: 1,
    },
    () => (stored && balancesNow(deps.ledger, stored, caller)) ?? NO_BALANCE,
  );
  if (typeof admitted === 'string') return admitted;
  let points = admitted;
  let ended = false;
  return {
    get points() {
      return points;
    },
    async cover(spent) {
      if (spent < points) return true;
      if (ended) return false;
      // A row read now: a session outlives the key cache, and other requests' charges are written meanwhile.
      const fresh = await readStoredBalances(deps, caller.tokenId);
      if (!fresh || ended) return false;
      const granted = await deps.inFlight.grow(
        requestId,
        { points: spent + step, least: spent + 1 },
        () => balancesNow(deps.ledger, fresh, caller) ?? NO_BALANCE,
      );
      if (granted === undefined) return false;
      points = granted;
      return spent < points;
    },
    end(quota) {
      if (ended) return;
      ended = true;
      endClaim(
        deps.inFlight,
        requestId,
        quota === undefined ? undefined : { userOwed: quota, tokenOwed: caller.tokenUnlimited ? 0 : quota },
      );
    },
  };
}
