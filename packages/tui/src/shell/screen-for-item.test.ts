import { type MenuItem, NAVIGATION } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { SCREEN_LOADERS } from './screen-for-item.js';

const items = (entries: readonly MenuItem[]): string[] =>
  entries.flatMap((entry) => (entry.type === 'item' ? [entry.id] : items(entry.children ?? [])));

describe('the screens of the menu', () => {
  it('Given every item of core navigation, when looked up, then the terminal draws it (none is left "coming")', () => {
    const missing = items(NAVIGATION).filter((id) => !SCREEN_LOADERS[id]);
    expect(missing).toEqual([]);
  });
});
