import { describe, expect, it } from 'vitest';
import {
  discountBadge,
  discountFactor,
  invitationLink,
  parseRechargeDiscount,
  sortGateways,
  TOPUP_MAX_AMOUNT,
  topupOrderIssue,
  topupQuote,
} from './topup.js';

const USD = { fixed_fee: 0, percent_fee: 0, currency: 'USD' };

describe('RechargeDiscount presets (console-screens §14)', () => {
  it('reads {"amount": factor} as chips, smallest first, factors as exact decimals', () => {
    expect(parseRechargeDiscount('{"100": 0.9, "10": 1, "50": "0.95"}')).toEqual([
      { amount: 10, factor: '1' },
      { amount: 50, factor: '0.95' },
      { amount: 100, factor: '0.9' },
    ]);
  });

  it('offers nothing for an empty, broken or non-object setting, and drops entries that cannot be bought', () => {
    expect(parseRechargeDiscount('')).toEqual([]);
    expect(parseRechargeDiscount('{oops')).toEqual([]);
    expect(parseRechargeDiscount('[1,2]')).toEqual([]);
    expect(
      parseRechargeDiscount(
        '{"0": 0.9, "-5": 0.9, "2.5": 0.9, "abc": 0.9, "7": 0, "8": "x", "9": null, "2000000": 0.5}',
      ),
    ).toEqual([]);
  });

  it("finds an amount's factor, 1 when no preset names it", () => {
    const presets = parseRechargeDiscount('{"100": 0.9}');
    expect(discountFactor(presets, 100)).toBe('0.9');
    expect(discountFactor(presets, 99)).toBe('1');
  });

  it('badges a discount as tenths ("x折") and percent off, and no badge for 1 or a surcharge', () => {
    expect(discountBadge('0.9')).toEqual({ tenths: '9', percentOff: '10' });
    expect(discountBadge('0.85')).toEqual({ tenths: '8.5', percentOff: '15' });
    expect(discountBadge('1')).toBeUndefined();
    expect(discountBadge('1.1')).toBeUndefined();
  });
});

describe('top-up quote (contract §2.7 pricing rule)', () => {
  const quote = (amount: number, factor: string, gateway = USD, usdRate = 7.3) =>
    topupQuote({ amount, factor, gateway, usdRate, quotaPerUnit: 500_000 });

  it('without discount or fee pays the amount, and credits amount × quota per unit', () => {
    expect(quote(10, '1')).toEqual({
      amount: '10.00',
      discounted: undefined,
      feeKind: 'none',
      fee: '0.00',
      feePercent: '0',
      payable: '10.00',
      currency: 'USD',
      rate: undefined,
      quota: 5_000_000,
    });
  });

  it('takes the percent fee on the discounted price, rounded to cents, exactly (no float drift)', () => {
    // 100 × 0.9 = 90; 90 × 0.029 = 2.61; payable 92.61.
    const q = quote(100, '0.9', { fixed_fee: 0, percent_fee: 0.029, currency: 'USD' });
    expect(q).toMatchObject({
      discounted: '90.00',
      feeKind: 'percent',
      fee: '2.61',
      feePercent: '2.9',
      payable: '92.61',
    });
    // 0.1 + 0.2 in floats is 0.30000000000000004; with decimals 3 × 0.1 fee on $3 is exactly 0.30.
    expect(quote(3, '1', { fixed_fee: 0, percent_fee: 0.1, currency: 'USD' }).payable).toBe('3.30');
    // Half a cent rounds up: 7 × 0.0015 = 0.0105 → 0.01; 15 × 0.0333 = 0.4995 → 0.50.
    expect(quote(15, '1', { fixed_fee: 0, percent_fee: 0.0333, currency: 'USD' }).fee).toBe('0.50');
  });

  it('charges a fixed fee as it is (not discounted), and prefers it to a percent fee', () => {
    const q = quote(100, '0.9', { fixed_fee: 0.3, percent_fee: 0.05, currency: 'USD' });
    expect(q).toMatchObject({ feeKind: 'fixed', fee: '0.30', payable: '90.30' });
  });

  it("converts a CNY gateway's total at PaymentUSDRate, rounded to cents, and names the rate", () => {
    // (50 × 0.95 + 1) × 7.3 = 48.5 × 7.3 = 354.05
    const q = quote(50, '0.95', { fixed_fee: 1, percent_fee: 0, currency: 'CNY' });
    expect(q).toMatchObject({
      discounted: '47.50',
      fee: '1.00',
      payable: '354.05',
      currency: 'CNY',
      rate: '7.3',
    });
    // 1 × 7.123 = 7.123 → 7.12
    expect(quote(1, '1', { fixed_fee: 0, percent_fee: 0, currency: 'CNY' }, 7.123).payable).toBe('7.12');
  });

  it('rounds the discounted line to cents', () => {
    expect(quote(3, '0.333', USD)).toMatchObject({ discounted: '1.00', payable: '1.00' });
    expect(quote(7, '0.95', USD)).toMatchObject({ discounted: '6.65', payable: '6.65' });
  });
});

describe('gateway order and order validation (§14)', () => {
  it('offers gateways highest sort first', () => {
    expect(sortGateways([{ sort: 1 }, { sort: 9 }, { sort: 5 }]).map((g) => g.sort)).toEqual([9, 5, 1]);
  });

  it('asks for a gateway first, then a whole amount from the minimum to the maximum', () => {
    const issue = (gatewayUuid: string | undefined, amountText: string, minAmount = 5) =>
      topupOrderIssue({ gatewayUuid, amountText, minAmount });
    expect(issue(undefined, '10')).toMatchObject({ field: 'gateway', key: 'payments.topup.errors.gateway' });
    expect(issue('u', '')).toMatchObject({ field: 'amount', key: 'payments.topup.errors.amount_positive' });
    expect(issue('u', '0')).toMatchObject({ key: 'payments.topup.errors.amount_positive' });
    expect(issue('u', '-3')).toMatchObject({ key: 'payments.topup.errors.amount_positive' });
    expect(issue('u', 'abc')).toMatchObject({ key: 'payments.topup.errors.amount_positive' });
    expect(issue('u', '7.5')).toMatchObject({ key: 'payments.topup.errors.amount_integer' });
    expect(issue('u', '1e2')).toMatchObject({ key: 'payments.topup.errors.amount_integer' });
    expect(issue('u', '4')).toEqual({
      field: 'amount',
      key: 'payments.topup.errors.amount_min',
      params: { min: 5 },
    });
    expect(issue('u', String(TOPUP_MAX_AMOUNT + 1), 1)).toEqual({
      field: 'amount',
      key: 'payments.topup.errors.amount_max',
      params: { max: 1_000_000 },
    });
    expect(issue('u', '5')).toBeUndefined();
    expect(issue('u', ' 1000000 ', 1)).toBeUndefined();
    // A minimum of 0 (unset) still asks for at least 1.
    expect(issue('u', '1', 0)).toBeUndefined();
  });
});

describe('invitation link', () => {
  it('points at the register page with the code, whatever trailing slash the address has', () => {
    expect(invitationLink('https://gw.example.com/', 'Ab1x')).toBe(
      'https://gw.example.com/register?aff=Ab1x',
    );
    expect(invitationLink('http://127.0.0.1:3000', 'a b')).toBe('http://127.0.0.1:3000/register?aff=a%20b');
  });
});
