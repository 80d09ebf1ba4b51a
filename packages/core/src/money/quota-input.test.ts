import { describe, expect, it } from 'vitest';
import { formatQuotaInput, parseQuotaInput, type QuotaInputUnit } from './quota-input.js';

const money: QuotaInputUnit = {
  display: { displayInCurrency: true, quotaPerUnit: 500_000 },
  plain: 'display',
  usdRate: 7.3,
};
const points: QuotaInputUnit = { ...money, display: { displayInCurrency: false, quotaPerUnit: 500_000 } };
const flag: QuotaInputUnit = { ...money, plain: 'points' };

const pointsOf = (text: string, unit: QuotaInputUnit = money) => {
  const result = parseQuotaInput(text, unit);
  return result.ok ? result.points : result.key;
};

describe('parseQuotaInput', () => {
  it('Given dollars, yuan and points written out, then each is whole points', () => {
    expect(pointsOf('$5')).toBe(2_500_000);
    expect(pointsOf(' US$1.5 ')).toBe(750_000);
    expect(pointsOf('2 USD')).toBe(1_000_000);
    expect(pointsOf('¥7.3')).toBe(500_000);
    expect(pointsOf('￥14.6')).toBe(1_000_000);
    expect(pointsOf('73 CNY')).toBe(5_000_000);
    expect(pointsOf('2500000 points')).toBe(2_500_000);
    expect(pointsOf('1,000,000 pts')).toBe(1_000_000);
  });

  it('Given a bare number, then it is in the display unit for a form and points for a flag', () => {
    expect(pointsOf('5', money)).toBe(2_500_000);
    expect(pointsOf('5', points)).toBe(5);
    expect(pointsOf('500000', flag)).toBe(500_000);
    expect(pointsOf('$5', flag)).toBe(2_500_000);
  });

  it('Given money finer than a point, then it rounds half up; a non-zero amount below one point is refused', () => {
    expect(pointsOf('$0.000003')).toBe(2);
    expect(pointsOf('$0.0000009')).toBe('money.input.below_point');
    expect(pointsOf('$0')).toBe(0);
  });

  it('Given a minus sign, then it is refused unless the amount may be negative', () => {
    expect(pointsOf('$-1')).toBe('money.input.negative');
    expect(pointsOf('-$1')).toBe('money.input.negative');
    expect(pointsOf('-3 points')).toBe('money.input.negative');
    const signed = { ...money, signed: true };
    expect(pointsOf('$-1', signed)).toBe(-500_000);
    expect(pointsOf('-$1', signed)).toBe(-500_000);
    expect(pointsOf('-$-1', signed)).toBe('money.input.invalid');
  });

  it('Given text that is no amount, then it says what is wrong', () => {
    expect(pointsOf('')).toBe('money.input.required');
    expect(pointsOf('five dollars')).toBe('money.input.invalid');
    expect(pointsOf('$5x')).toBe('money.input.invalid');
    expect(pointsOf('1e3')).toBe('money.input.invalid');
    expect(pointsOf('1.5 points')).toBe('money.input.whole_points');
    expect(pointsOf('1.5', points)).toBe('money.input.whole_points');
    expect(pointsOf('¥5', { ...money, usdRate: 0 })).toBe('money.input.no_rate');
    expect(pointsOf('99999999999999999999 points')).toBe('money.input.too_large');
    const refused = parseQuotaInput('$-1', money);
    expect(refused).toEqual({ ok: false, key: 'money.input.negative', params: { text: '$-1' } });
  });
});

describe('formatQuotaInput', () => {
  it('Given points, then a money site shows dollars with their sign and a points site the count', () => {
    expect(formatQuotaInput(1_250_000, money.display)).toBe('$2.5');
    expect(formatQuotaInput(-500_000, money.display)).toBe('-$1');
    expect(formatQuotaInput(1_250_000, points.display)).toBe('1250000');
    expect(pointsOf(formatQuotaInput(1_250_001, money.display))).toBe(1_250_001);
  });
});
