// The top-up screen's money rules (console-screens §14, contract §2.7 pricing rule), shared by every
// face: the preset amounts of `RechargeDiscount`, the discount badge, the fee and the amount payable.
// All maths in decimals; the amount bought is whole US dollars, the quota credited whole points.
import { Money, type MoneyValue, quotaFromMoney } from '../../money/decimal.js';
import type { Payment } from './payments.schema.js';

/** The largest amount one order may buy (console-spec: "maximum top-up 1000000"). */
export const TOPUP_MAX_AMOUNT = 1_000_000;

/** One preset amount chip: whole dollars, and its price factor (1 = no discount). */
export interface TopupPreset {
  amount: number;
  /** The price factor as a decimal string ("0.9" = pay 90 %). */
  factor: string;
}

/**
 * The preset amounts of the site's `RechargeDiscount` text (`{"<amount>": factor}`), smallest first.
 * The setting is raw text (it may be `""` or broken): an entry that is not a whole amount from 1 to the
 * maximum with a factor above 0 is left out rather than offered.
 */
export function parseRechargeDiscount(text: string): TopupPreset[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '{}');
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const presets: TopupPreset[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    const amount = Number(key);
    const factor = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isInteger(amount) || amount <= 0 || amount > TOPUP_MAX_AMOUNT) continue;
    if (!Number.isFinite(factor) || factor <= 0) continue;
    presets.push({ amount, factor: new Money(value as number | string).toString() });
  }
  return presets.sort((a, b) => a.amount - b.amount);
}

/** The price factor of an amount: its preset's, or 1 when no preset names it. */
export function discountFactor(presets: readonly TopupPreset[], amount: number): string {
  return presets.find((preset) => preset.amount === amount)?.factor ?? '1';
}

/**
 * What a discount badge says, for the i18n key `payments.topup.discount_badge`: `tenths` is the Chinese
 * "x折" figure (0.85 → "8.5"), `percentOff` the share taken off (0.85 → "15"). Undefined for factor 1
 * (no badge) — and for a factor above 1, which is a surcharge, not a discount.
 */
export function discountBadge(factor: string): { tenths: string; percentOff: string } | undefined {
  const value = new Money(factor);
  if (value.gte(1)) return undefined;
  return {
    tenths: value.times(10).toDecimalPlaces(2).toString(),
    percentOff: new Money(1).minus(value).times(100).toDecimalPlaces(2).toString(),
  };
}

/** The gateway fields the quote reads (a user's `GET /api/user/payment` row). */
export type QuoteGateway = Pick<Payment, 'fixed_fee' | 'percent_fee' | 'currency'>;

/** The summary lines of §14, every figure a decimal string with two decimals. */
export interface TopupQuote {
  /** The dollars bought. */
  amount: string;
  /** The price after the discount, only when the factor is not 1. */
  discounted?: string;
  /** `fixed`: the gateway's fixed fee (not discounted); `percent`: rate × discounted price; `none`. */
  feeKind: 'fixed' | 'percent' | 'none';
  fee: string;
  /** The percent fee as a percentage ("2.9" for 0.029), for the "(p%)" label. */
  feePercent: string;
  /** What the user pays, in `currency`. */
  payable: string;
  currency: string;
  /** The CNY-per-USD rate applied, when the gateway charges CNY. */
  rate?: string;
  /** The quota points the order credits (amount × quota per unit). */
  quota: number;
}

const cents = (value: MoneyValue) => value.toDecimalPlaces(2, Money.ROUND_HALF_UP);

/**
 * The price of buying `amount` dollars through a gateway (contract §2.7): base = amount × factor; the fee
 * is the fixed fee when the gateway has one (one-hub's order: fixed wins, and is not discounted), else
 * percent × base, rounded to cents; total = base + fee; a CNY gateway multiplies by `usdRate` and rounds
 * to cents.
 */
export function topupQuote(input: {
  amount: number;
  factor: string;
  gateway: QuoteGateway;
  usdRate: number;
  quotaPerUnit: number;
}): TopupQuote {
  const amount = new Money(input.amount);
  const factor = new Money(input.factor);
  const base = amount.times(factor);
  const fixed = new Money(input.gateway.fixed_fee || 0);
  const percent = new Money(input.gateway.percent_fee || 0);
  let feeKind: TopupQuote['feeKind'] = 'none';
  let fee = new Money(0);
  if (fixed.gt(0)) {
    feeKind = 'fixed';
    fee = fixed;
  } else if (percent.gt(0)) {
    feeKind = 'percent';
    fee = cents(percent.times(base));
  }
  const total = base.plus(fee);
  const cny = input.gateway.currency === 'CNY';
  const payable = cents(cny ? total.times(input.usdRate) : total);
  return {
    amount: amount.toFixed(2),
    discounted: factor.eq(1) ? undefined : cents(base).toFixed(2),
    feeKind,
    fee: fee.toFixed(2),
    feePercent: percent.times(100).toDecimalPlaces(4).toString(),
    payable: payable.toFixed(2),
    currency: input.gateway.currency || 'USD',
    rate: cny ? new Money(input.usdRate).toString() : undefined,
    quota: quotaFromMoney(input.amount, input.quotaPerUnit),
  };
}

/**
 * The gateways in the order the screen offers them: highest `sort` first (the server already sends them
 * so; sorting again keeps a face right against an older server). The first one is preselected.
 */
export function sortGateways<G extends Pick<Payment, 'sort'>>(gateways: readonly G[]): G[] {
  return [...gateways].sort((a, b) => b.sort - a.sort);
}

/**
 * Why an order cannot be placed, as an i18n key with its params, or undefined when it can (§14
 * validation): a gateway chosen; the amount a whole number above 0, at least the site's minimum and at
 * most {@link TOPUP_MAX_AMOUNT}. `amountText` is what the user typed.
 */
export function topupOrderIssue(input: {
  gatewayUuid: string | undefined;
  amountText: string;
  minAmount: number;
}): { field: 'gateway' | 'amount'; key: string; params?: Record<string, unknown> } | undefined {
  if (!input.gatewayUuid) return { field: 'gateway', key: 'payments.topup.errors.gateway' };
  const text = input.amountText.trim();
  const amount = Number(text);
  if (text === '' || !Number.isFinite(amount) || amount <= 0) {
    return { field: 'amount', key: 'payments.topup.errors.amount_positive' };
  }
  if (!Number.isInteger(amount) || !/^\d+$/.test(text)) {
    return { field: 'amount', key: 'payments.topup.errors.amount_integer' };
  }
  const min = Math.max(1, input.minAmount || 1);
  if (amount < min) return { field: 'amount', key: 'payments.topup.errors.amount_min', params: { min } };
  if (amount > TOPUP_MAX_AMOUNT) {
    return { field: 'amount', key: 'payments.topup.errors.amount_max', params: { max: TOPUP_MAX_AMOUNT } };
  }
  return undefined;
}

/**
 * The invitation link of a code (§14 invite card): the site's register page with `?aff=`. `base` is the
 * site's configured `server_address`, or the address the console was opened at when that is empty.
 */
export function invitationLink(base: string, code: string): string {
  return `${base.replace(/\/+$/, '')}/register?aff=${encodeURIComponent(code)}`;
}
