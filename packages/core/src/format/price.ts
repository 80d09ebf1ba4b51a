// Price display of spec §9: a ratio of 1 is US$0.002 (¥0.014) per 1K tokens; 0 is shown as Free.
import { Money, type MoneyValue } from '../money/decimal.js';

/** US dollars per 1K tokens for a ratio of 1 (contract §0.5). */
export const DOLLARS_PER_RATIO = '0.002';
/** Chinese yuan per 1K tokens for a ratio of 1. */
export const YUAN_PER_RATIO = '0.014';
/** Significant digits a shown price keeps. */
export const PRICE_SIGNIFICANT_DIGITS = 6;

export type PriceCurrency = 'USD' | 'CNY';

export interface PriceDisplayOptions {
  /** Per 1M tokens instead of per 1K (the console's K/M toggle): the amount times 1000. */
  perMillion?: boolean;
  /** The text of a zero price (default `Free`; faces pass their translation of `prices.free`). */
  free?: string;
}

/** The money a ratio stands for, exactly (decimal maths, no float error). */
export function priceAmount(ratio: number | string, currency: PriceCurrency, perMillion = false): MoneyValue {
  const amount = new Money(ratio).times(currency === 'USD' ? DOLLARS_PER_RATIO : YUAN_PER_RATIO);
  return perMillion ? amount.times(1000) : amount;
}

/** A ratio as a price: `$0.03`, `¥0.21`, 6 significant digits; 0 → Free. */
export function formatPrice(
  ratio: number | string,
  currency: PriceCurrency = 'USD',
  options: PriceDisplayOptions = {},
): string {
  const amount = priceAmount(ratio, currency, options.perMillion);
  if (amount.isZero()) return options.free ?? 'Free';
  const text = amount.toSignificantDigits(PRICE_SIGNIFICANT_DIGITS).toFixed();
  return `${currency === 'USD' ? '$' : '¥'}${text}`;
}

/** The ratio a price typed in money stands for (the console's USD/RMB entry), 4 decimals. */
export function ratioFromPrice(amount: number | string, currency: PriceCurrency, perMillion = false): number {
  const perThousand = perMillion ? new Money(amount).dividedBy(1000) : new Money(amount);
  return perThousand
    .dividedBy(currency === 'USD' ? DOLLARS_PER_RATIO : YUAN_PER_RATIO)
    .toDecimalPlaces(4, Money.ROUND_HALF_UP)
    .toNumber();
}
