// The ratios one relay request is billed with (behaviour spec §9.1–9.2): the model's price times the
// group ratio, exact decimals throughout (a ratio is stored as decimal text, so `0.1` stays 0.1).
import { Money, type MoneyValue, UNPRICED_MODEL_RATIO } from '@gw/core';
import { EXTRA_USAGE_KIND_NAMES, EXTRA_USAGE_KINDS, type ExtraUsageKind } from './extra-usage.js';

/** A ratio as the price table or the options hold it: a number or exact decimal text. */
export type RatioValue = number | string;

/** The fields of a price row billing reads (contract §2.11; the stored row or its wire shape). */
export interface BillingPrice {
  type: string;
  input: RatioValue;
  output: RatioValue;
  /** `{usageKind: multiplier}`, as an object or the stored JSON text. */
  extra_ratios?: Record<string, RatioValue> | string | null;
}

/** Everything the quota formulas need from the price and the group. */
export interface RequestRatios {
  priceType: 'tokens' | 'times';
  groupRatio: MoneyValue;
  /** price.input · G (points per prompt token, or per call ÷ 1000 for `times`). */
  inputRatio: MoneyValue;
  /** price.output · G; always 0 for `times`. */
  outputRatio: MoneyValue;
  /** The multiplier of each extra usage kind: the price's own, else the spec default. Not scaled by G. */
  extraRatios: Record<ExtraUsageKind, MoneyValue>;
  /** Input and output ratios both 0: nothing is held or charged, even at zero balance (spec §9.4 step 2). */
  free: boolean;
}

/** The price of a model nobody priced (contract §2.11): tokens at 30/30. */
export const UNPRICED_MODEL_PRICE: BillingPrice = {
  type: 'tokens',
  input: UNPRICED_MODEL_RATIO,
  output: UNPRICED_MODEL_RATIO,
};

/** A non-negative decimal ratio; anything unreadable or negative counts as 0 (spec §9.1 `max(x, 0)`). */
function nonNegative(value: RatioValue | undefined): MoneyValue {
  try {
    const ratio = new Money(value ?? 0);
    return ratio.isFinite() && ratio.isPositive() ? ratio : new Money(0);
  } catch {
    return new Money(0);
  }
}

function readExtraRatios(raw: BillingPrice['extra_ratios']): Record<string, RatioValue> {
  if (!raw) return {};
  if (typeof raw !== 'string') return raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, RatioValue>)
      : {};
  } catch {
    // a broken stored row bills with the default multipliers rather than failing the request
    return {};
  }
}

/** The same ratios made free: nothing held, nothing charged (a request that is never billed, spec §2.4). */
export function freeRatios(ratios: RequestRatios): RequestRatios {
  return { ...ratios, inputRatio: new Money(0), outputRatio: new Money(0), free: true };
}

/** The ratios of one request from the model's price (undefined ⇒ unpriced, 30/30) and the group ratio. */
export function requestRatios(price: BillingPrice | undefined, groupRatio: RatioValue): RequestRatios {
  const row = price ?? UNPRICED_MODEL_PRICE;
  const priceType = row.type === 'times' ? 'times' : 'tokens';
  const group = nonNegative(groupRatio);
  const inputRatio = nonNegative(row.input).times(group);
  const outputRatio = priceType === 'times' ? new Money(0) : nonNegative(row.output).times(group);
  const own = readExtraRatios(row.extra_ratios);
  const extraRatios = {} as Record<ExtraUsageKind, MoneyValue>;
  for (const kind of EXTRA_USAGE_KIND_NAMES) {
    extraRatios[kind] =
      own[kind] === undefined ? new Money(EXTRA_USAGE_KINDS[kind].defaultRatio) : nonNegative(own[kind]);
  }
  return {
    priceType,
    groupRatio: group,
    inputRatio,
    outputRatio,
    extraRatios,
    free: inputRatio.isZero() && outputRatio.isZero(),
  };
}
