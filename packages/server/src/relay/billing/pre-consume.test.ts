import { describe, expect, it } from 'vitest';
import {
  checkHoldBalances,
  crossesQuotaReminder,
  holdDeltas,
  planHold,
  preConsumeQuota,
  refundDeltas,
  refusalBeforeCounting,
  settlementDeltas,
} from './pre-consume.js';
import { requestRatios } from './request-ratios.js';
import { totalQuota } from './total-quota.js';

const gpt4o = { type: 'tokens', input: 2.5, output: 7.5 };

describe('preConsumeQuota (spec §9.4 step 1)', () => {
  it('Given a tokens price, then the hold is int(prompt · input ratio) + PreConsumedQuota', () => {
    expect(preConsumeQuota(requestRatios(gpt4o, 1), 1000)).toBe(3000);
    expect(preConsumeQuota(requestRatios(gpt4o, 0.5), 1000)).toBe(1750);
    expect(preConsumeQuota(requestRatios(gpt4o, 2), 1000, 0)).toBe(5000);
    // 5 · 0.3 = 1.5 → 1
    expect(preConsumeQuota(requestRatios({ type: 'tokens', input: 0.3, output: 1 }, 1), 5)).toBe(501);
  });

  it('Given a times price, then the hold is one call: int(1000 · input ratio)', () => {
    expect(preConsumeQuota(requestRatios({ type: 'times', input: 50, output: 0 }, 1), 1000)).toBe(50_000);
    expect(preConsumeQuota(requestRatios({ type: 'times', input: 50, output: 0 }, 0.5), 1)).toBe(25_000);
  });

  it('Given a free model, then nothing is held; an output-only price still holds the base amount', () => {
    expect(preConsumeQuota(requestRatios({ type: 'tokens', input: 0, output: 0 }, 1), 1000)).toBe(0);
    expect(preConsumeQuota(requestRatios(gpt4o, 0), 1000)).toBe(0);
    expect(preConsumeQuota(requestRatios({ type: 'tokens', input: 0, output: 5 }, 1), 1000)).toBe(500);
  });

  it('Given 10^7 estimated prompt tokens at 30, then the hold is exact', () => {
    expect(preConsumeQuota(requestRatios(undefined, 1), 10_000_000)).toBe(300_000_500);
  });
});

describe('planHold (steps 2–5)', () => {
  it('Given a zero hold, then no balance is checked, even at zero quota', () => {
    expect(planHold(0, 0).kind).toBe('free');
  });

  it('Given a quota below the hold, then the request is refused', () => {
    expect(planHold(3000, 2999)).toEqual({ kind: 'insufficient', hold: 0, cacheDecrease: 0 });
  });

  it('Given a quota more than 100× the hold, then it is trusted: cache lowered, nothing held', () => {
    expect(planHold(3000, 300_001)).toEqual({ kind: 'trusted', hold: 0, cacheDecrease: 3000 });
  });

  it('Given a quota of exactly 100× the hold or less, then the hold is deducted', () => {
    expect(planHold(3000, 300_000)).toEqual({ kind: 'hold', hold: 3000, cacheDecrease: 3000 });
    expect(planHold(3000, 3000)).toEqual({ kind: 'hold', hold: 3000, cacheDecrease: 3000 });
  });
});

describe('checkHoldBalances and the quota reminder (step 6)', () => {
  it('Given a limited token short of the hold, then the token is refused first', () => {
    expect(checkHoldBalances(500, { userQuota: 100, tokenUnlimited: false, tokenRemain: 499 })).toBe('token');
  });

  it('Given an unlimited token and a short user, then the user is refused', () => {
    expect(checkHoldBalances(500, { userQuota: 499, tokenUnlimited: true, tokenRemain: 0 })).toBe('user');
  });

  it('Given enough on both, then the hold may be deducted', () => {
    expect(checkHoldBalances(500, { userQuota: 500, tokenUnlimited: false, tokenRemain: 500 })).toBeNull();
  });

  it('Given a deduction crossing the threshold or reaching 0, then the warning is due', () => {
    expect(crossesQuotaReminder(1000, 200, 900)).toBe(true);
    expect(crossesQuotaReminder(1000, 50, 900)).toBe(false);
    expect(crossesQuotaReminder(800, 100, 900)).toBe(false);
    expect(crossesQuotaReminder(100, 100, 0)).toBe(true);
  });
});

describe('settlement and refund (spec §9.5–9.6)', () => {
  it('Given a hold larger than the final charge, then the difference goes back', () => {
    expect(settlementDeltas(2750, 3000, false)).toEqual({
      userQuota: 250,
      userUsedQuota: 2750,
      userRequestCount: 1,
      tokenRemainQuota: 250,
      tokenUsedQuota: -250,
      channelUsedQuota: 2750,
    });
  });

  it('Given a hold smaller than the final charge, then the rest is taken', () => {
    const deltas = settlementDeltas(6250, 500, false);
    expect([deltas.userQuota, deltas.tokenRemainQuota, deltas.tokenUsedQuota]).toEqual([-5750, -5750, 5750]);
  });

  it('Given an unlimited token, then only the user and channel counters move', () => {
    const deltas = settlementDeltas(6250, 3000, true);
    expect([deltas.userQuota, deltas.tokenRemainQuota, deltas.tokenUsedQuota]).toEqual([-3250, 0, 0]);
    expect(deltas.channelUsedQuota).toBe(6250);
  });

  it('Given a final charge of 0 after a hold, then the whole hold goes back (quirk §9.5.4 fixed)', () => {
    const deltas = settlementDeltas(0, 500, false);
    expect([deltas.userQuota, deltas.tokenRemainQuota, deltas.userUsedQuota]).toEqual([500, 500, 0]);
    expect(deltas.userRequestCount).toBe(1);
  });

  it('Given a hold and its settlement, then the user pays exactly the logged quota', () => {
    const ratios = requestRatios(gpt4o, 0.5);
    const hold = preConsumeQuota(ratios, 1000);
    const final = totalQuota({ prompt_tokens: 1000, completion_tokens: 500 }, ratios);
    const taken = holdDeltas(hold, false);
    const settled = settlementDeltas(final, hold, false);
    expect([hold, final]).toEqual([1750, 3125]);
    expect(taken.userQuota + settled.userQuota).toBe(-3125);
    expect(taken.tokenRemainQuota + settled.tokenRemainQuota).toBe(-3125);
    expect(taken.tokenUsedQuota + settled.tokenUsedQuota).toBe(3125);
  });

  it('Given a failed request, then the refund undoes the hold exactly', () => {
    const taken = holdDeltas(3000, false);
    const refund = refundDeltas(3000, false);
    expect(refund).toEqual({
      userQuota: 3000,
      userUsedQuota: 0,
      userRequestCount: 0,
      tokenRemainQuota: 3000,
      tokenUsedQuota: -3000,
      channelUsedQuota: 0,
    });
    expect(taken.userQuota + refund.userQuota).toBe(0);
    expect(taken.tokenUsedQuota + refund.tokenUsedQuota).toBe(0);
    expect(refundDeltas(3000, true).tokenRemainQuota).toBe(0);
  });
});

describe('refusalBeforeCounting (issue 8: refuse before counting the prompt)', () => {
  const unlimited = (userQuota: number) => ({ userQuota, tokenUnlimited: true, tokenRemain: 0 });
  const ratios = requestRatios(gpt4o, 1);

  it('Given a balance below the hold of an empty prompt, then the user is refused (as planHold would)', () => {
    expect(refusalBeforeCounting(ratios, 500, unlimited(0))).toBe('user');
    expect(refusalBeforeCounting(ratios, 500, unlimited(-20))).toBe('user');
    expect(refusalBeforeCounting(ratios, 500, unlimited(499))).toBe('user');
    expect(planHold(preConsumeQuota(ratios, 0, 500), 499).kind).toBe('insufficient');
    expect(refusalBeforeCounting(ratios, 500, unlimited(500))).toBeNull();
  });

  it('Given a limited token below that hold, then the token is refused; a user check comes first', () => {
    expect(
      refusalBeforeCounting(ratios, 500, { userQuota: 10_000, tokenUnlimited: false, tokenRemain: 499 }),
    ).toBe('token');
    expect(refusalBeforeCounting(ratios, 500, { userQuota: 0, tokenUnlimited: false, tokenRemain: 0 })).toBe(
      'user',
    );
    expect(
      refusalBeforeCounting(ratios, 500, { userQuota: 10_000, tokenUnlimited: false, tokenRemain: 500 }),
    ).toBeNull();
  });

  it('Given PreConsumedQuota 0, then a user at zero or below is refused for a prompt-priced model only', () => {
    expect(refusalBeforeCounting(ratios, 0, unlimited(0))).toBe('user');
    expect(refusalBeforeCounting(ratios, 0, unlimited(1))).toBeNull();
    // An output-only price holds nothing for any prompt, so nothing is refused up front.
    expect(
      refusalBeforeCounting(requestRatios({ type: 'tokens', input: 0, output: 5 }, 1), 0, unlimited(0)),
    ).toBeNull();
  });

  it('Given a free model, then nothing is refused, even at a negative balance', () => {
    const free = requestRatios({ type: 'tokens', input: 0, output: 0 }, 1);
    expect(refusalBeforeCounting(free, 500, unlimited(-1000))).toBeNull();
  });

  it('Given a times price, then the hold is the call price, known before counting', () => {
    const perCall = requestRatios({ type: 'times', input: 50, output: 0 }, 1);
    expect(refusalBeforeCounting(perCall, 500, unlimited(49_999))).toBe('user');
    expect(refusalBeforeCounting(perCall, 500, unlimited(50_000))).toBeNull();
  });
});
