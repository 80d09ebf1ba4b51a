import { NAVIGATION } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { ICON_PATHS_16 } from './icon-paths';
import { menuIconNames } from './icons';

describe('the sidebar icons', () => {
  it('are every icon of the navigation model, each its own small module (never the full path table)', () => {
    const names = menuIconNames();
    const dashboardIcon = NAVIGATION.flatMap((entry) => [entry, ...(entry.children ?? [])]).find(
      (entry) => entry.icon,
    )?.icon;
    expect(names).toContain(dashboardIcon);
    expect(names).toContain('caret-down');
    expect(names.filter((name) => !ICON_PATHS_16[name])).toEqual([]);
  });
});
