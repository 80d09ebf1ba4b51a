// The units a price is typed in (console-screens §17.1 editor): the ratio itself, or US dollars or
// yuan per 1K / 1M tokens, converted to the stored ratio with decimal maths (a ratio of 1 is $0.002 /
// ¥0.014 per 1K tokens, contract §0.5). A per-call price has no token scale: K/M leaves it alone.
import { DOLLARS_PER_RATIO, PRICE_SIGNIFICANT_DIGITS, YUAN_PER_RATIO } from '../../format/price.js';
import { Money } from '../../money/decimal.js';

/** What the amounts of a price editor are typed in. */
export const PRICE_ENTRY_UNITS = ['rate', 'usd', 'rmb'] as const;
export type PriceEntryUnit = (typeof PRICE_ENTRY_UNITS)[number];

/** Per 1K or per 1M tokens (the K/M toggle). */
export const PRICE_SCALES = ['K', 'M'] as const;
export type PriceScale = (typeof PRICE_SCALES)[number];

/** Decimals a ratio converted from money keeps (one-hub rounds to 4). */
export const RATIO_DECIMALS = 4;

/** How the amounts of one editor are typed: the unit, the scale, and whether the price is per call. */
export interface PriceEntry {
  unit: PriceEntryUnit;
  scale: PriceScale;
  /** A per-call price (`times`): money per call, never scaled by K/M. */
  perCall?: boolean;
}

const moneyPerRatio = (unit: PriceEntryUnit) => (unit === 'usd' ? DOLLARS_PER_RATIO : YUAN_PER_RATIO);
const scaled = (entry: PriceEntry) => entry.scale === 'M' && !entry.perCall;

/** A typed amount as a decimal, or undefined when it is not a number. */
function decimalOf(text: number | string): InstanceType<typeof Money> | undefined {
  const raw = String(text).trim();
  if (raw === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(raw)) return undefined;
  return new Money(raw);
}

/**
 * The stored ratio of an amount typed in `entry` (undefined when it is not a number): the ratio as
 * typed, or money ÷ 0.002 (USD) / ÷ 0.014 (RMB), ÷ 1000 more when per 1M, kept to 4 decimals.
 */
export function ratioFromEntry(text: number | string, entry: PriceEntry): number | undefined {
  const amount = decimalOf(text);
  if (amount === undefined) return undefined;
  if (entry.unit === 'rate') return amount.toNumber();
  const perThousand = scaled(entry) ? amount.dividedBy(1000) : amount;
  return perThousand.dividedBy(moneyPerRatio(entry.unit)).toDecimalPlaces(RATIO_DECIMALS).toNumber();
}

/** A ratio as the amount typed in `entry` (6 significant digits for money, trailing zeros dropped). */
export function entryFromRatio(ratio: number | string, entry: PriceEntry): string {
  const value = decimalOf(ratio);
  if (value === undefined) return '';
  if (entry.unit === 'rate') return value.toFixed();
  const amount = value.times(moneyPerRatio(entry.unit));
  return (scaled(entry) ? amount.times(1000) : amount)
    .toSignificantDigits(PRICE_SIGNIFICANT_DIGITS)
    .toFixed();
}

/**
 * An amount re-expressed when the editor's unit or scale changes, so the price it stands for stays
 * the same (text that is not a number is kept as typed).
 */
export function convertEntry(text: string, from: PriceEntry, to: PriceEntry): string {
  const ratio = ratioFromEntry(text, from);
  return ratio === undefined ? text : entryFromRatio(ratio, to);
}

/**
 * What an amount typed in `entry` is worth in the other units, shown beside the input: the ratio
 * (`15 Rate`) for money, the money (`$0.03 / ¥0.21`) for a ratio. Undefined when not a number.
 */
export function entryEquivalent(
  text: number | string,
  entry: PriceEntry,
  t: (key: string, params?: Record<string, unknown>) => string,
): string | undefined {
  const ratio = ratioFromEntry(text, entry);
  if (ratio === undefined) return undefined;
  if (entry.unit !== 'rate') return t('prices.units.as_rate', { ratio });
  const shown = { ...entry, unit: 'usd' as const };
  return t('prices.units.as_money', {
    usd: entryFromRatio(ratio, shown),
    rmb: entryFromRatio(ratio, { ...shown, unit: 'rmb' }),
  });
}
