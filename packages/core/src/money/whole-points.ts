// Whole points from counts × decimal ratios, exactly, without decimal.js on the common path. A relayed
// request works out its hold, its claim and its charge from a few such products; in Decimal each costs a
// few object allocations (~5 % of the relay's main-thread CPU per request). A ratio with at most
// MAX_PLACES decimals is an integer over a power of ten, so count × ratio is an integer product over that
// power, and rounding it is integer division: exact in doubles while the product stays a safe integer.
// Anything else (more decimals, huge counts) goes through Decimal as before, so the result never differs.
import { Money, type MoneyValue } from './decimal.js';

/** How a product is rounded to whole points. */
export type WholeRounding = 'ceil' | 'floor' | 'trunc';

/** Decimals a ratio may have for the integer path (prices and group ratios use far fewer). */
const MAX_PLACES = 9;

/** A ratio as `units / scale` with `scale` a power of ten; null: Decimal only. */
interface ScaledRatio {
  units: number;
  scale: number;
}

// Keyed by the ratio object: the relay caches each request's ratios per model and group, so a ratio is
// scaled once, not per request.
const scaledRatios = new WeakMap<MoneyValue, ScaledRatio | null>();

function scaledOf(ratio: MoneyValue): ScaledRatio | null {
  let scaled = scaledRatios.get(ratio);
  if (scaled === undefined) {
    scaled = null;
    if (ratio.isFinite() && ratio.decimalPlaces() <= MAX_PLACES) {
      const scale = 10 ** ratio.decimalPlaces();
      const units = ratio.times(scale).toNumber();
      if (Number.isSafeInteger(units)) scaled = { units, scale };
    }
    scaledRatios.set(ratio, scaled);
  }
  return scaled;
}

/** Whether divideWhole is exact for these: its remainder step multiplies back to about the numerator. */
function divisible(numerator: number, denominator: number): boolean {
  return Number.isSafeInteger(numerator) && Math.abs(numerator) <= Number.MAX_SAFE_INTEGER - denominator;
}

/** `numerator / denominator` rounded as asked; integers that are {@link divisible}, denominator > 0. */
function divideWhole(numerator: number, denominator: number, rounding: WholeRounding): number {
  // The quotient of two doubles may be off by one near a whole number: correct it by the exact remainder.
  let quotient = Math.trunc(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  if (remainder >= denominator || (remainder > 0 && numerator < 0)) {
    quotient += 1;
    remainder -= denominator;
  } else if (remainder <= -denominator || (remainder < 0 && numerator > 0)) {
    quotient -= 1;
    remainder += denominator;
  }
  if (remainder === 0 || rounding === 'trunc') return quotient;
  if (rounding === 'ceil') return remainder > 0 ? quotient + 1 : quotient;
  return remainder < 0 ? quotient - 1 : quotient;
}

/**
 * Σ countᵢ × ratioᵢ rounded to a whole number, exactly as Decimal would: counts are integers (tokens,
 * calls), ratios the Money values of a request's price. Takes pairs `[count, ratio]`.
 */
export function wholePoints(
  terms: ReadonlyArray<readonly [number, MoneyValue]>,
  rounding: WholeRounding,
): number {
  let scale = 1;
  const scaled: ScaledRatio[] = [];
  for (const [count, ratio] of terms) {
    const found = Number.isSafeInteger(count) ? scaledOf(ratio) : null;
    if (!found) return wholePointsViaDecimal(terms, rounding);
    scaled.push(found);
    if (found.scale > scale) scale = found.scale;
  }
  let sum = 0;
  for (let index = 0; index < terms.length; index += 1) {
    const { units, scale: own } = scaled[index] as ScaledRatio;
    const product = (terms[index] as readonly [number, MoneyValue])[0] * units * (scale / own);
    sum += product;
    if (!Number.isSafeInteger(product) || !divisible(sum, scale))
      return wholePointsViaDecimal(terms, rounding);
  }
  return divideWhole(sum, scale, rounding);
}

function wholePointsViaDecimal(
  terms: ReadonlyArray<readonly [number, MoneyValue]>,
  rounding: WholeRounding,
): number {
  let total = new Money(0);
  for (const [count, ratio] of terms) total = total.plus(new Money(count).times(ratio));
  const whole = rounding === 'ceil' ? total.ceil() : rounding === 'floor' ? total.floor() : total.trunc();
  return whole.toNumber();
}

/** `amount / ratio` rounded down to a whole number (the tokens `amount` points pay for); ratio > 0. */
export function wholeQuotient(amount: number, ratio: MoneyValue): number {
  const found = Number.isSafeInteger(amount) ? scaledOf(ratio) : null;
  if (found && found.units > 0) {
    const numerator = amount * found.scale;
    if (divisible(numerator, found.units)) return divideWhole(numerator, found.units, 'floor');
  }
  return new Money(amount).div(ratio).floor().toNumber();
}
