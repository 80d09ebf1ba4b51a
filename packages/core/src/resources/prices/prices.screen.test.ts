import { describe, expect, it, onTestFinished } from 'vitest';
import { startWireRecorder } from '../../node/test-support/wire-recorder.js';
import { translate } from '../../i18n/i18n.js';
import { screenI18nKeys, visibleFields } from '../../screens/screen-model.js';
import { EXTRA_USAGE_KIND_NAMES, extraUsageKindKey } from './extra-ratios.js';
import { groupPrices } from './price-groups.js';
import { diffPriceLists, readRemotePriceList } from './price-updates.js';
import { PRICE_FORM, PRICE_GROUP_FORM, PRICE_GROUP_SCREEN, PRICE_SCREEN } from './prices.screen.js';
import { priceBatchSchema, priceInputSchema, priceSchema } from './prices.schema.js';

const price = (model: string, extra: Partial<ReturnType<typeof priceSchema.parse>> = {}) =>
  priceSchema.parse({ model, type: 'tokens', channel_type: 1, input: 15, output: 30, ...extra });

describe('price lists and their updates (console-screens §17.4)', () => {
  it('finds new models and what changed, extra ratios included', () => {
    const server = [
      price('a'),
      price('b', { extra_ratios: { cached_tokens: 0.5, reasoning_tokens: 1 } }),
      price('c'),
    ];
    const remote = [
      price('a'),
      price('b', { input: 10, extra_ratios: { cached_tokens: 0.25, input_audio_tokens: 2 } }),
      price('d'),
    ];
    const updates = diffPriceLists(server, remote);
    expect(updates.serverTotal).toBe(3);
    expect(updates.added.map((entry) => entry.model)).toEqual(['d']);
    expect(updates.changed).toEqual([
      {
        model: 'b',
        input: { from: 15, to: 10 },
        extra: [
          { kind: 'cached_tokens', change: 'modified', from: 0.5, to: 0.25 },
          { kind: 'input_audio_tokens', change: 'added', to: 2 },
          { kind: 'reasoning_tokens', change: 'removed', from: 1 },
        ],
      },
    ]);
  });

  it('reads an array or {data: [...]}, and nothing else', () => {
    expect(readRemotePriceList([1])).toEqual([1]);
    expect(readRemotePriceList({ data: [2] })).toEqual([2]);
    expect(readRemotePriceList({ prices: [] })).toBeUndefined();
  });

  it('groups models that share every part of a price, extra ratios in any order', () => {
    const groups = groupPrices([
      price('a', { extra_ratios: { cached_tokens: 0.5, reasoning_tokens: 1 } }),
      price('b', { extra_ratios: { reasoning_tokens: 1, cached_tokens: 0.5 } }),
      price('c', { locked: true, extra_ratios: { cached_tokens: 0.5, reasoning_tokens: 1 } }),
      price('d', { extra_ratios: { cached_tokens: 0.5, reasoning_tokens: 1 } }),
    ]);
    expect(groups.map((group) => group.models)).toEqual([['a', 'b', 'd'], ['c']]);
  });
});

describe('price screens (console-screens §17.1–17.2)', () => {
  it('filters, sorts and pages the whole list locally', async () => {
    const wire = await startWireRecorder();
    onTestFinished(wire.close);
    wire.answer('GET /api/prices', [
      price('gpt-4o'),
      price('claude-3', { channel_type: 14 }),
      price('gpt-4o-mini', { locked: true }),
      price('dall-e-3', { type: 'times', input: 20, output: 0 }),
    ]);
    const { client } = wire;
    const page = await PRICE_SCREEN.list(client, { page: 1, size: 2, order: 'model', keyword: 'gpt' });
    expect(page.total_count).toBe(2);
    expect(page.data.map((row) => row.model)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    const locked = await PRICE_SCREEN.list(client, { page: 1, size: 10, order: 'model', locked: 'true' });
    expect(locked.data.map((row) => row.model)).toEqual(['gpt-4o-mini']);
    const owner = await PRICE_SCREEN.list(client, { page: 1, size: 10, order: 'model', channel_type: '14' });
    expect(owner.data.map((row) => row.model)).toEqual(['claude-3']);
    const groups = await PRICE_GROUP_SCREEN.list(client, { page: 1, size: 10, order: '', type: 'tokens' });
    expect(groups.data.map((group) => group.models)).toEqual([['gpt-4o'], ['claude-3'], ['gpt-4o-mini']]);
  });

  it('hides the output of a per-call price and labels its input as the call price', () => {
    const values = { ...PRICE_FORM.empty(), type: 'times' as const };
    const fields = visibleFields(PRICE_FORM.fields, values, 'create');
    expect(fields.map((field) => field.name)).not.toContain('output');
    expect(fields.find((field) => field.name === 'input')?.labelFor?.(values)).toBe('prices.form.per_call');
  });

  it('writes bodies the server accepts, a per-call price without output', () => {
    const single = PRICE_FORM.toInput(
      { ...PRICE_FORM.empty(), model: ' dall-e-3 ', type: 'times', input: 20, output: 7, channel_type: 1 },
      undefined,
    );
    expect(single).toMatchObject({ model: 'dall-e-3', output: 0 });
    expect(priceInputSchema.safeParse(single).success).toBe(true);
    const group = groupPrices([price('a'), price('b')])[0];
    const batch = PRICE_GROUP_FORM.toInput(
      { ...PRICE_GROUP_FORM.fromRow(group as never), models: ['a', 'c'] },
      group as never,
    );
    expect(batch).toMatchObject({
      original_models: ['a', 'b'],
      models: ['a', 'c'],
      price: { model: 'batch', input: 15 },
    });
    expect(priceBatchSchema.safeParse(batch).success).toBe(true);
  });

  it('refuses a misplaced wildcard, an owner of 0 and a repeated model', () => {
    const single = PRICE_FORM.schema.safeParse({ ...PRICE_FORM.empty(), model: 'gp*t', channel_type: 0 });
    expect(single.success).toBe(false);
    const group = PRICE_GROUP_FORM.schema.safeParse({ ...PRICE_GROUP_FORM.empty(), models: ['a', 'a'] });
    expect(group.success).toBe(false);
  });

  it('has every text in every locale, the extra-ratio names included', () => {
    const keys = [
      ...screenI18nKeys(PRICE_SCREEN),
      ...screenI18nKeys(PRICE_GROUP_SCREEN),
      ...EXTRA_USAGE_KIND_NAMES.map(extraUsageKindKey),
      'prices.form.per_call',
    ];
    for (const language of ['zh_CN', 'zh_HK', 'en_US', 'ja_JP'] as const) {
      for (const key of keys) expect(translate(language, key), `${language} ${key}`).not.toBe(key);
    }
  });
});

describe('an empty price table', () => {
  it('lists as no rows, though the server answers it as "pricing data not found"', async () => {
    const wire = await startWireRecorder();
    onTestFinished(wire.close);
    wire.refuse('GET /api/prices', 'pricing data not found');
    const page = await PRICE_SCREEN.list(wire.client, { page: 1, size: 10, order: 'model' });
    expect(page).toMatchObject({ data: [], total_count: 0 });
    const groups = await PRICE_GROUP_SCREEN.list(wire.client, { page: 1, size: 10, order: '' });
    expect(groups.total_count).toBe(0);
    wire.refuse('GET /api/prices', 'database is down');
    await expect(PRICE_SCREEN.list(wire.client, { page: 1, size: 10, order: 'model' })).rejects.toThrow(
      /database/,
    );
  });
});
