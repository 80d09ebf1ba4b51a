import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { isValidPriceModel, priceBatchSchema, priceInputSchema, priceSyncSchema } from './prices.schema.js';

const valid = { model: 'gpt-4o', type: 'tokens', channel_type: 1, input: 1.25, output: 5 };

function fields(result: { success: boolean; error?: unknown }) {
  // biome-ignore lint/suspicious/noExplicitAny: the zod error of any schema.
  return result.success ? [] : fieldErrorsFromZod(result.error as any).map((e) => `${e.field}:${e.key}`);
}

describe('price rules (spec §5)', () => {
  it('allows * only as the last character, after other characters', () => {
    expect(isValidPriceModel('gpt-4*')).toBe(true);
    expect(isValidPriceModel('openai/gpt-4o')).toBe(true);
    expect(isValidPriceModel('*')).toBe(false);
    expect(isValidPriceModel('gpt-*-mini')).toBe(false);
    expect(isValidPriceModel('gpt**')).toBe(false);
    expect(isValidPriceModel('')).toBe(false);
  });

  it('accepts a full price and defaults locked to false', () => {
    expect(priceInputSchema.parse(valid)).toEqual({ ...valid, locked: false });
  });

  it.each([
    ['a missing model', { ...valid, model: undefined }, 'model:validation.required'],
    ['a wildcard in the middle', { ...valid, model: 'a*b' }, 'model:prices.errors.wildcard'],
    ['an unknown type', { ...valid, type: 'bytes' }, 'type:prices.errors.type'],
    ['no owner', { ...valid, channel_type: 0 }, 'channel_type:prices.errors.channel_type'],
    ['a negative input', { ...valid, input: -1 }, 'input:validation.min_zero'],
    ['a missing output', { ...valid, output: undefined }, 'output:validation.required'],
    [
      'a negative extra ratio',
      { ...valid, extra_ratios: { cached_tokens: -0.5 } },
      'extra_ratios.cached_tokens:validation.min_zero',
    ],
  ])('refuses %s', (_label, body, expected) => {
    expect(fields(priceInputSchema.safeParse(body))).toContain(expected);
  });

  it('refuses a ratio sent as text', () => {
    expect(fields(priceInputSchema.safeParse({ ...valid, input: '1' }))[0]).toMatch(/^input:validation\./);
  });

  it('refuses repeated models in a batch and in a sync list', () => {
    const batch = { models: ['a', 'b', 'a'], price: { ...valid, model: 'batch' } };
    expect(fields(priceBatchSchema.safeParse(batch))).toContain('models.2:prices.errors.repeated');
    expect(fields(priceSyncSchema.safeParse([valid, valid]))).toContain('1:prices.errors.repeated');
    expect(fields(priceSyncSchema.safeParse([]))).toContain('_:prices.errors.sync_empty');
  });

  it('reads a sync list wrapped in {data: […]} and tolerates owner 0 there', () => {
    const rows = priceSyncSchema.parse({ data: [{ ...valid, channel_type: 0 }] });
    expect(rows).toEqual([{ ...valid, channel_type: 0, locked: false }]);
  });
});
