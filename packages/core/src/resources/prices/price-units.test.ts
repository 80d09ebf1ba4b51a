import { describe, expect, it } from 'vitest';
import { diffPriceLists, parseRemotePriceList, syncEffect } from './price-updates.js';
import { pricesWithoutOwner, unpricedModels } from './price-coverage.js';
import { convertEntry, entryEquivalent, entryFromRatio, ratioFromEntry } from './price-units.js';
import { PRICE_FORM, PRICE_GROUP_FORM } from './prices.screen.js';
import { priceSchema } from './prices.schema.js';

const price = (model: string, extra: Partial<ReturnType<typeof priceSchema.parse>> = {}) =>
  priceSchema.parse({ model, type: 'tokens', channel_type: 1, input: 15, output: 30, ...extra });

describe('price entry units (console-screens §17.1 editor)', () => {
  it('turns dollars and yuan per 1K / 1M tokens into ratios exactly, 4 decimals', () => {
    expect(ratioFromEntry('0.03', { unit: 'usd', scale: 'K' })).toBe(15);
    expect(ratioFromEntry('30', { unit: 'usd', scale: 'M' })).toBe(15);
    expect(ratioFromEntry('0.21', { unit: 'rmb', scale: 'K' })).toBe(15);
    expect(ratioFromEntry('1', { unit: 'rmb', scale: 'M' })).toBe(0.0714);
    // 0.1 + 0.2 in floats is 0.30000000000000004: decimals keep 150 exactly.
    expect(ratioFromEntry('0.3', { unit: 'usd', scale: 'K' })).toBe(150);
    expect(ratioFromEntry('2.5', { unit: 'rate', scale: 'M' })).toBe(2.5);
    expect(ratioFromEntry('abc', { unit: 'usd', scale: 'K' })).toBeUndefined();
    expect(ratioFromEntry('', { unit: 'rate', scale: 'K' })).toBeUndefined();
  });

  it('never scales a per-call price by K/M', () => {
    expect(ratioFromEntry('0.04', { unit: 'usd', scale: 'M', perCall: true })).toBe(20);
    expect(entryFromRatio(20, { unit: 'usd', scale: 'M', perCall: true })).toBe('0.04');
  });

  it('re-expresses a typed amount in another unit keeping the price', () => {
    expect(entryFromRatio(15, { unit: 'usd', scale: 'M' })).toBe('30');
    expect(convertEntry('15', { unit: 'rate', scale: 'K' }, { unit: 'usd', scale: 'K' })).toBe('0.03');
    expect(convertEntry('0.03', { unit: 'usd', scale: 'K' }, { unit: 'usd', scale: 'M' })).toBe('30');
    expect(convertEntry('30', { unit: 'usd', scale: 'M' }, { unit: 'rmb', scale: 'K' })).toBe('0.21');
    expect(convertEntry('x', { unit: 'usd', scale: 'M' }, { unit: 'rate', scale: 'K' })).toBe('x');
  });

  it('shows the other units beside the input', () => {
    const t = (key: string, params?: Record<string, unknown>) => `${key}:${JSON.stringify(params)}`;
    expect(entryEquivalent('0.03', { unit: 'usd', scale: 'K' }, t)).toBe('prices.units.as_rate:{"ratio":15}');
    expect(entryEquivalent('15', { unit: 'rate', scale: 'M' }, t)).toBe(
      'prices.units.as_money:{"usd":"30","rmb":"210"}',
    );
    expect(entryEquivalent('', { unit: 'rate', scale: 'K' }, t)).toBeUndefined();
  });

  it('stores the ratio of what the editors typed, in any unit', () => {
    const single = PRICE_FORM.toInput(
      { ...PRICE_FORM.empty(), model: 'm', unit: 'usd', scale: 'M', input: 2.5, output: 10 },
      undefined,
    );
    expect(single).toMatchObject({ input: 1.25, output: 5 });
    const batch = PRICE_GROUP_FORM.toInput(
      { ...PRICE_GROUP_FORM.empty(), models: ['m'], unit: 'rmb', scale: 'K', input: 0.014, output: 0.028 },
      undefined,
    );
    expect(batch.price).toMatchObject({ input: 1, output: 2 });
  });

  it('rewrites the amounts when the unit changes, and only then', () => {
    const before = { ...PRICE_FORM.empty(), input: '15', output: '30' } as never;
    const after = { ...PRICE_FORM.empty(), unit: 'usd', input: '15', output: '30' } as never;
    expect(PRICE_FORM.changed?.(after, before)).toEqual({ input: '0.03', output: '0.06' });
    const typed = { ...PRICE_FORM.empty(), input: '16', output: '30' } as never;
    expect(PRICE_FORM.changed?.(typed, before)).toEqual({});
  });
});

describe('pricing warnings (console-screens §17)', () => {
  it('lists models in use that no price covers, a wildcard covering its prefix', () => {
    const prices = [price('gpt-4o'), price('claude-*')];
    expect(unpricedModels(['gpt-4o', 'claude-3', 'qwen', 'qwen', 'gpt-4o-mini'], prices)).toEqual([
      'qwen',
      'gpt-4o-mini',
    ]);
  });

  it('lists prices with no owner', () => {
    expect(pricesWithoutOwner([price('a'), price('b', { channel_type: 0 })])).toEqual(['b']);
  });
});

describe('check for updates (console-screens §17.4)', () => {
  const server = [price('a'), price('b', { locked: true }), price('c'), price('gone')];
  const remote = [price('a', { input: 1 }), price('b', { input: 2 }), price('c'), price('new')];

  it('finds the models only the server prices', () => {
    expect(diffPriceLists(server, remote).removed.map((entry) => entry.model)).toEqual(['gone']);
  });

  it('says what each mode would do, locked prices kept', () => {
    const updates = diffPriceLists(server, remote);
    expect(syncEffect(updates, server, 'add')).toEqual({ added: 1, updated: 0, removed: 0 });
    expect(syncEffect(updates, server, 'update')).toEqual({ added: 0, updated: 1, removed: 0 });
    expect(syncEffect(updates, server, 'overwrite')).toEqual({ added: 1, updated: 1, removed: 1 });
  });

  it('reads a fetched list only when every entry is a price', () => {
    const list = [{ model: 'x', type: 'tokens', channel_type: 0, input: 1, output: 2, model_info: {} }];
    expect(parseRemotePriceList({ data: list })?.map((entry) => entry.model)).toEqual(['x']);
    expect(parseRemotePriceList([{ model: 'x', type: 'bytes' }])).toBeUndefined();
    expect(parseRemotePriceList({ prices: list })).toBeUndefined();
  });
});
