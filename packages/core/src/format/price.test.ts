import { describe, expect, it } from 'vitest';
import { formatPrice, priceAmount, ratioFromPrice } from './price.js';

describe('price display (spec §9)', () => {
  it('shows a zero price as Free, or as the text the face passes', () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice('0', 'CNY', { free: '免费' })).toBe('免费');
  });

  it('turns a ratio into dollars (× 0.002) and yuan (× 0.014) per 1K tokens, exactly', () => {
    // gpt-4 at 15/30: $0.03 / $0.06 per 1K tokens (the console's worked example).
    expect(formatPrice(15)).toBe('$0.03');
    expect(formatPrice(30)).toBe('$0.06');
    expect(formatPrice(15, 'CNY')).toBe('¥0.21');
    // 0.1 × 0.002 is 0.0002 with decimals (a float multiply gives 0.00020000000000000001).
    expect(priceAmount(0.1, 'USD').toString()).toBe('0.0002');
  });

  it('multiplies by 1000 per 1M tokens', () => {
    expect(formatPrice(0.075, 'USD', { perMillion: true })).toBe('$0.15');
    expect(formatPrice(1, 'CNY', { perMillion: true })).toBe('¥14');
  });

  it('keeps 6 significant digits, rounding half up', () => {
    expect(formatPrice(1.2345678)).toBe('$0.00246914');
    expect(formatPrice(123456789)).toBe('$246914');
    expect(formatPrice(0.00000025)).toBe('$0.0000000005');
  });

  it('converts money back to a ratio with 4 decimals', () => {
    expect(ratioFromPrice(0.03, 'USD')).toBe(15);
    expect(ratioFromPrice(2.5, 'USD', true)).toBe(1.25);
    expect(ratioFromPrice(0.01, 'CNY')).toBe(0.7143);
  });
});
