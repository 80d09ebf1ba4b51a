import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { groupPriceText, groupShareOf } from '../../resources/prices/group-price.js';
import { screenI18nKeys } from '../screen-model.js';
import { missingLocaleKeys } from '../test-support/locale-keys.js';
import { groupPriceLines, MODEL_CATALOGUE_SCREEN } from './catalogue-columns.js';
import {
  catalogueFilterOptions,
  catalogueQueryFromParams,
  catalogueQueryToParams,
  filterCatalogue,
  pageOfCatalogue,
  withCatalogueFilter,
} from './catalogue-query.js';
import { buildModelCatalogue } from './model-catalogue.js';

const wire = useWireRecorder();
const t = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const price = (model: string, type: string, input: number, output: number, channel_type: number) => ({
  model,
  type,
  input,
  output,
  channel_type,
  locked: false,
});
const available = {
  'gpt-4o': { groups: ['default', 'vip'], owned_by: 'OpenAI', price: price('gpt-4o', 'tokens', 1.25, 5, 1) },
  'claude-3': { groups: ['vip'], owned_by: 'Anthropic', price: price('claude-3', 'tokens', 0.15, 0.75, 14) },
  mj_imagine: { groups: ['default'], owned_by: 'Acme', price: price('mj_imagine', 'times', 25, 0, 1001) },
};
const infos = [
  {
    id: 1,
    model: 'gpt-4o',
    name: 'GPT-4o',
    description: 'Omni model',
    context_length: 128_000,
    max_tokens: 4096,
    input_modalities: '["text","image"]',
    output_modalities: '["text"]',
    tags: '["hot","chat"]',
    support_url: '[]',
    created_at: 0,
    updated_at: 0,
  },
];
const groups = {
  default: {
    id: 1,
    symbol: 'default',
    name: 'Default',
    ratio: 1,
    api_rate: 0,
    public: true,
    promotion: false,
    min: 0,
    max: 0,
    enable: true,
  },
  vip: {
    id: 2,
    symbol: 'vip',
    name: 'VIP',
    ratio: 3,
    api_rate: 0,
    public: false,
    promotion: false,
    min: 0,
    max: 0,
    enable: true,
  },
};
const owners = [
  { id: 1, name: 'OpenAI', icon: 'https://icons.test/openai.svg' },
  { id: 14, name: 'Anthropic', icon: '' },
  { id: 1001, name: 'Acme', icon: '' },
];
// biome-ignore lint/suspicious/noExplicitAny: fixtures are the wire's shapes, parsed by the real client in the load test.
const catalogue = buildModelCatalogue(available as any, infos as any, groups as any, owners);
const query = (text = '') => catalogueQueryFromParams(new URLSearchParams(text), catalogue);
const ids = (text: string) => filterCatalogue(catalogue, query(text)).map((model) => model.model);

describe('available models (console-screens §16)', () => {
  it('joins owners by the price’s owner id, the info by model, and lists owners by id and tags sorted', () => {
    const gpt = catalogue.models.find((model) => model.model === 'gpt-4o');
    expect(gpt).toMatchObject({
      name: 'GPT-4o',
      owner: owners[0],
      inputModalities: ['text', 'image'],
      tags: ['hot', 'chat'],
      contextLength: 128_000,
    });
    expect(catalogue.models.map((model) => model.model)).toEqual(['claude-3', 'gpt-4o', 'mj_imagine']);
    expect(catalogue.owners.map((owner) => owner.id)).toEqual([1, 14, 1001]);
    expect(catalogue.tags).toEqual(['chat', 'hot']);
    expect(catalogue.groups.map((group) => group.symbol)).toEqual(['default', 'vip']);
    expect(
      catalogueFilterOptions(catalogue, 'owner').map((option) => option.label ?? option.labelKey),
    ).toEqual(['common.all', 'OpenAI', 'Anthropic', 'Acme']);
  });

  it('filters by search, provider, modality, tag and the chosen group’s availability', () => {
    expect(ids('keyword=OMNI')).toEqual(['gpt-4o']);
    expect(ids('owner=14')).toEqual(['claude-3']);
    expect(ids('modality=image')).toEqual(['gpt-4o']);
    expect(ids('tag=hot')).toEqual(['gpt-4o']);
    expect(ids('available=1')).toEqual(['gpt-4o', 'mj_imagine']);
    expect(ids('available=1&group=vip')).toEqual(['claude-3', 'gpt-4o']);
  });

  it('keeps filters in the URL with defaults left out, and goes back to page 1 when one changes', () => {
    const first = query('group=nope&unit=M&size=7&page=3&view=list');
    expect(first).toMatchObject({ group: 'default', unit: 'M', size: 20, page: 3, view: 'list' });
    expect(catalogueQueryToParams(first, catalogue).toString()).toBe('unit=M&view=list&page=3');
    expect(withCatalogueFilter(first, { tag: 'hot' }).page).toBe(1);
    // A signed-in user starts on their own group; naming it in the URL is then the default.
    const own = catalogueQueryFromParams(new URLSearchParams(), catalogue, 'vip');
    expect(own.group).toBe('vip');
    expect(catalogueQueryToParams(own, catalogue, 'vip').toString()).toBe('');
    expect(catalogueQueryFromParams(new URLSearchParams(), catalogue, 'gone').group).toBe('default');
    expect(withCatalogueFilter(first, { unit: 'K' }).page).toBe(3);
    expect(pageOfCatalogue([1, 2, 3], { page: 9, size: 2 })).toEqual({
      rows: [3],
      page: 2,
      pages: 2,
      total: 3,
    });
  });

  it('prices a model in each group’s share, exactly, per 1K or 1M tokens or per call', () => {
    expect(groupShareOf(0.15, 3)).toBe('0.45');
    expect(groupPriceText(available['claude-3'].price, 3, false, t)).toEqual({
      input: '$0.0009 / 1K',
      output: '$0.0045 / 1K',
    });
    expect(groupPriceText(available['claude-3'].price, 3, true, t).input).toBe('$0.9 / 1M');
    expect(groupPriceText(available.mj_imagine.price, 1, true, t)).toEqual({ input: '$0.05 / call' });
    expect(groupPriceText(available['gpt-4o'].price, 0, false, t)).toEqual({ input: 'Free', output: 'Free' });
    const row = { ...catalogue.models[1], allGroups: catalogue.groups, perMillion: false };
    expect(groupPriceLines(row as never, 'input', t)).toEqual([
      'Default: $0.0025 / 1K (×1)',
      'VIP: $0.0075 / 1K (×3)',
    ]);
  });

  it('names only keys every locale has, and pages the catalogue through the screen’s list', async () => {
    expect(missingLocaleKeys(screenI18nKeys(MODEL_CATALOGUE_SCREEN))).toEqual([]);
    wire.answer('GET /api/available_model', available);
    wire.answer('GET /api/model_info/', infos);
    wire.answer('GET /api/user_group_map', groups);
    wire.answer('GET /api/model_ownedby/', owners);
    const page = await MODEL_CATALOGUE_SCREEN.list(wire.client, {
      page: 1,
      size: 20,
      order: '',
      group: 'vip',
      available: '1',
    });
    expect(page.data.map((row) => row.model)).toEqual(['claude-3', 'gpt-4o']);
    expect(page.total_count).toBe(2);
  });
});
