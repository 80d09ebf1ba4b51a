import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAPPING_OPTIONS,
  EXISTING_GROUP,
  groupProviderModels,
  groupSelection,
  invertSelection,
  mappingForModels,
  mergeSelection,
  OTHER_GROUP,
  requestedModelName,
  searchGroups,
  toggleGroup,
} from './provider-models.js';

const owners: Record<string, string> = {
  'gpt-4o': 'OpenAI',
  'gpt-4o-mini': 'OpenAI',
  'claude-3': 'Anthropic',
};

describe('provider model groups (console-screens §1.5)', () => {
  it('groups by owner, then by vendor/ prefix, then other; the channel’s unlisted models come first', () => {
    const groups = groupProviderModels(
      ['gpt-4o-mini', 'gpt-4o', 'meta/llama-3', 'claude-3', 'mystery', 'gpt-4o'],
      (model) => owners[model],
      ['gpt-4o', 'old-model'],
    );
    expect(groups).toEqual([
      { name: EXISTING_GROUP, models: ['old-model'] },
      { name: 'Anthropic', models: ['claude-3'] },
      { name: 'meta', models: ['meta/llama-3'] },
      { name: 'OpenAI', models: ['gpt-4o', 'gpt-4o-mini'] },
      { name: OTHER_GROUP, models: ['mystery'] },
    ]);
  });

  it('ticks a group whole, clears it when all were ticked, and inverts the shown models', () => {
    const group = { name: 'OpenAI', models: ['a', 'b'] };
    expect(groupSelection(group, new Set(['a']))).toBe('some');
    expect([...toggleGroup(group, new Set(['a']))].sort()).toEqual(['a', 'b']);
    expect([...toggleGroup(group, new Set(['a', 'b', 'c']))]).toEqual(['c']);
    expect(groupSelection(group, new Set())).toBe('none');
    expect([...invertSelection(['a', 'b'], new Set(['a', 'z']))].sort()).toEqual(['b', 'z']);
  });

  it('searches case-insensitively and drops empty groups', () => {
    const groups = [
      { name: 'x', models: ['GPT-4o', 'claude'] },
      { name: 'y', models: ['llama'] },
    ];
    expect(searchGroups(groups, 'gpt')).toEqual([{ name: 'x', models: ['GPT-4o'] }]);
  });
});

describe('mapping names (console-screens §1.5)', () => {
  it('strips the vendor path, lowercases, adds or removes a prefix or suffix', () => {
    const o = DEFAULT_MAPPING_OPTIONS;
    expect(requestedModelName('openai/GPT-4o', { ...o, stripVendor: true, lowercase: true })).toBe('gpt-4o');
    expect(requestedModelName('gpt-4o', { ...o, affix: 'az-' })).toBe('az-gpt-4o');
    expect(requestedModelName('gpt-4o', { ...o, affix: '-az', affixMode: 'add-suffix' })).toBe('gpt-4o-az');
    expect(requestedModelName('my-gpt-4o', { ...o, affix: 'my-', affixMode: 'remove-prefix' })).toBe(
      'gpt-4o',
    );
    expect(requestedModelName('gpt-4o:free', { ...o, affix: ':free', affixMode: 'remove-suffix' })).toBe(
      'gpt-4o',
    );
    // A name that does not carry the affix, or would become empty, stays.
    expect(requestedModelName('gpt-4o', { ...o, affix: 'my-', affixMode: 'remove-prefix' })).toBe('gpt-4o');
    expect(requestedModelName('my-', { ...o, affix: 'my-', affixMode: 'remove-prefix' })).toBe('my-');
  });

  it('maps only renamed models, with + to bill by the requested name', () => {
    expect(
      mappingForModels(['a/x', 'y'], { ...DEFAULT_MAPPING_OPTIONS, stripVendor: true, plus: true }),
    ).toEqual({
      x: '+a/x',
    });
  });

  it('merges into the form: models added or overwritten, originals kept or dropped, mappings kept or replaced', () => {
    const base = {
      currentModels: ['old'],
      currentMapping: { 'p-a': 'keep-me', z: 'z1' },
      selected: ['a', 'b'],
      overwriteModels: false,
      addMapping: true,
      mapping: { ...DEFAULT_MAPPING_OPTIONS, affix: 'p-' },
      dropOriginalNames: false,
      overwriteMapping: false,
    };
    expect(mergeSelection(base)).toEqual({
      models: ['old', 'a', 'p-a', 'b', 'p-b'],
      mapping: { 'p-a': 'keep-me', 'p-b': 'b', z: 'z1' },
    });
    expect(
      mergeSelection({ ...base, overwriteModels: true, dropOriginalNames: true, overwriteMapping: true }),
    ).toEqual({
      models: ['p-a', 'p-b'],
      mapping: { 'p-a': 'a', 'p-b': 'b', z: 'z1' },
    });
    expect(mergeSelection({ ...base, addMapping: false })).toEqual({
      models: ['old', 'a', 'b'],
      mapping: base.currentMapping,
    });
  });
});
