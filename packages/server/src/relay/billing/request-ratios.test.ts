import { describe, expect, it } from 'vitest';
import { requestRatios } from './request-ratios.js';

const gpt4o = { type: 'tokens', input: 2.5, output: 7.5 };

describe('requestRatios (spec §9.1–9.2)', () => {
  it('Given a tokens price and group ratio 0.5 or 2, then input and output are the price times the group', () => {
    const half = requestRatios(gpt4o, 0.5);
    expect([half.inputRatio.toString(), half.outputRatio.toString(), half.groupRatio.toString()]).toEqual([
      '1.25',
      '3.75',
      '0.5',
    ]);
    const double = requestRatios(gpt4o, 2);
    expect([double.inputRatio.toString(), double.outputRatio.toString()]).toEqual(['5', '15']);
    expect(double.priceType).toBe('tokens');
    expect(double.free).toBe(false);
  });

  it('Given a times price, then the output ratio is 0 whatever the row says', () => {
    const ratios = requestRatios({ type: 'times', input: 50, output: 10 }, 1);
    expect(ratios.priceType).toBe('times');
    expect(ratios.inputRatio.toString()).toBe('50');
    expect(ratios.outputRatio.toString()).toBe('0');
  });

  it('Given no price, then the model is billed as tokens at 30/30 times the group ratio', () => {
    const ratios = requestRatios(undefined, 1.5);
    expect(ratios.priceType).toBe('tokens');
    expect([ratios.inputRatio.toString(), ratios.outputRatio.toString()]).toEqual(['45', '45']);
  });

  it('Given a 0/0 price or a group ratio of 0, then the request is free', () => {
    expect(requestRatios({ type: 'tokens', input: 0, output: 0 }, 1).free).toBe(true);
    expect(requestRatios(gpt4o, 0).free).toBe(true);
    expect(requestRatios({ type: 'tokens', input: 0, output: 2 }, 1).free).toBe(false);
  });

  it('Given a negative or unreadable ratio, then it counts as 0', () => {
    const ratios = requestRatios({ type: 'tokens', input: -3, output: 'abc' }, 1);
    expect([ratios.inputRatio.toString(), ratios.outputRatio.toString()]).toEqual(['0', '0']);
  });

  it('Given decimal text ratios, then the product is exact (no float 0.06999999999999999)', () => {
    expect(0.7 * 0.1).not.toBe(0.07);
    const ratios = requestRatios({ type: 'tokens', input: '0.7', output: '0.1' }, 0.1);
    expect(ratios.inputRatio.toString()).toBe('0.07');
    expect(ratios.outputRatio.toString()).toBe('0.01');
  });

  it('Given extra ratios as stored JSON text, then they override the defaults kind by kind', () => {
    const ratios = requestRatios(
      { ...gpt4o, extra_ratios: '{"input_audio_tokens":40,"cached_tokens":0.5}' },
      2,
    );
    expect(ratios.extraRatios.input_audio_tokens.toString()).toBe('40');
    expect(ratios.extraRatios.cached_tokens.toString()).toBe('0.5');
    expect(ratios.extraRatios.cached_read_tokens.toString()).toBe('0.1');
    expect(ratios.extraRatios.cached_write_tokens.toString()).toBe('1.25');
    expect(ratios.extraRatios.reasoning_tokens.toString()).toBe('1');
  });

  it('Given broken extra ratios text, then the defaults apply', () => {
    const ratios = requestRatios({ ...gpt4o, extra_ratios: '{oops' }, 1);
    expect(ratios.extraRatios.cached_read_tokens.toString()).toBe('0.1');
  });
});
