import { describe, expect, it } from 'vitest';
import { Money, type MoneyValue } from './decimal.js';
import { type WholeRounding, wholePoints, wholeQuotient } from './whole-points.js';

/** What Decimal alone makes of the same sum: the answer the integer path must always give. */
function decimalPoints(terms: Array<[number, MoneyValue]>, rounding: WholeRounding): number {
  let total = new Money(0);
  for (const [count, ratio] of terms) total = total.plus(new Money(count).times(ratio));
  const whole = rounding === 'ceil' ? total.ceil() : rounding === 'floor' ? total.floor() : total.trunc();
  return whole.toNumber();
}

// A seeded generator, so a failure names a case that can be run again.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const RATIOS = ['0', '1', '0.075', '2.5', '7.5', '0.1', '0.3', '15', '0.0015', '1.25', '0.000001', '37.5'];
const ROUNDINGS: WholeRounding[] = ['ceil', 'floor', 'trunc'];

describe('wholePoints', () => {
  it('Given price ratios times token counts, then it equals Decimal in every rounding', () => {
    const next = random(7);
    for (let index = 0; index < 5000; index += 1) {
      const ratioA = new Money(RATIOS[Math.floor(next() * RATIOS.length)] as string).times(
        new Money(['1', '0.5', '0.9', '1.1', '2'][Math.floor(next() * 5)] as string),
      );
      const ratioB = new Money(RATIOS[Math.floor(next() * RATIOS.length)] as string);
      const terms: Array<[number, MoneyValue]> = [
        [Math.floor(next() * 10 ** Math.floor(next() * 12)), ratioA],
        [Math.floor(next() * 10 ** Math.floor(next() * 9)), ratioB],
      ];
      for (const rounding of ROUNDINGS) {
        expect(wholePoints(terms, rounding), `${terms.join(' + ')} ${rounding}`).toBe(
          decimalPoints(terms, rounding),
        );
      }
    }
  });

  it('Given a product exactly on a whole point, then no rounding moves it (0.07 × 100 = 7, not 7.000000000000001)', () => {
    const ratio = new Money('0.07');
    expect(wholePoints([[100, ratio]], 'ceil')).toBe(7);
    expect(wholePoints([[100, ratio]], 'floor')).toBe(7);
    expect(Math.ceil(0.07 * 100)).toBe(8);
  });

  it('Given counts near the largest safe integer or ratios of many decimals, then Decimal answers', () => {
    const third = new Money(1).div(3);
    expect(wholePoints([[3, third]], 'ceil')).toBe(decimalPoints([[3, third]], 'ceil'));
    const big = Number.MAX_SAFE_INTEGER - 2;
    const ratio = new Money('7.5');
    for (const rounding of ROUNDINGS) {
      expect(wholePoints([[big, ratio]], rounding)).toBe(decimalPoints([[big, ratio]], rounding));
    }
    expect(wholePoints([[2 ** 50 + 1, new Money('0.125')]], 'floor')).toBe(2 ** 47);
  });

  it('Given negative sums, then ceil, floor and trunc keep their own directions', () => {
    const ratio = new Money('0.4');
    expect(wholePoints([[-3, ratio]], 'ceil')).toBe(-1);
    expect(wholePoints([[-3, ratio]], 'floor')).toBe(-2);
    expect(wholePoints([[-3, ratio]], 'trunc')).toBe(-1);
  });
});

describe('wholeQuotient', () => {
  it('Given points over an output ratio, then it equals Decimal floor division', () => {
    const next = random(11);
    for (let index = 0; index < 5000; index += 1) {
      const ratio = new Money(RATIOS[1 + Math.floor(next() * (RATIOS.length - 1))] as string);
      const amount = Math.floor(next() * 10 ** Math.floor(next() * 13));
      expect(wholeQuotient(amount, ratio), `${amount} / ${ratio}`).toBe(
        new Money(amount).div(ratio).floor().toNumber(),
      );
    }
  });

  it('Given an amount the ratio divides exactly, then the quotient is whole (7.5 × 4 / 7.5 = 4)', () => {
    expect(wholeQuotient(30, new Money('7.5'))).toBe(4);
    expect(wholeQuotient(29, new Money('7.5'))).toBe(3);
  });
});
