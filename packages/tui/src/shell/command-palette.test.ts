import { navigationForRole, ROLES } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { filterBindings, GLOBAL_BINDINGS } from '../lib/key-bindings.js';
import { paletteSuggestions, resolvePaletteCommand } from './command-palette.js';

const rootMenu = navigationForRole(ROLES.root);
const userMenu = navigationForRole(ROLES.common);

describe('command palette', () => {
  it('resolves ids and aliases through core findMenuItem, within the role menu', () => {
    expect(resolvePaletteCommand(':tk', userMenu)).toMatchObject({ kind: 'open', item: { id: 'token' } });
    expect(resolvePaletteCommand('tokens', userMenu)).toMatchObject({ kind: 'open', item: { id: 'token' } });
    expect(resolvePaletteCommand('ch', rootMenu)).toMatchObject({ kind: 'open', item: { id: 'channel' } });
    expect(resolvePaletteCommand('ch', userMenu)).toBeUndefined();
    expect(resolvePaletteCommand('q', userMenu)).toEqual({ kind: 'quit' });
    expect(resolvePaletteCommand('menu', userMenu)).toEqual({ kind: 'menu' });
    expect(resolvePaletteCommand('', userMenu)).toBeUndefined();
  });

  it('suggests the items whose names start with what was typed', () => {
    expect(paletteSuggestions('to', userMenu)).toEqual(['token/tokens/tk', 'topup']);
    expect(paletteSuggestions('', userMenu)).toEqual([]);
  });

  it('filters help bindings by key or label', () => {
    const t = (key: string) => key;
    expect(filterBindings(GLOBAL_BINDINGS, 'quit', t).map((binding) => binding.keys)).toEqual(['q']);
    expect(filterBindings(GLOBAL_BINDINGS, '', t)).toHaveLength(GLOBAL_BINDINGS.length);
  });
});
