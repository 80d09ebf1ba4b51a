import { navigationForRole, ROLES } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { isSelectable, menuRows, visibleWindow } from './menu-rows.js';

describe('terminal menu rows from the core navigation', () => {
  it('Given root, then groups are headings, collapses are closed, and admin items are listed', () => {
    const rows = menuRows(navigationForRole(ROLES.root), new Set());
    const ids = rows.map((row) => row.entry.id);
    expect(rows[0]).toMatchObject({ kind: 'group', depth: 0 });
    expect(ids).toContain('user');
    expect(ids).toContain('operation');
    expect(ids).not.toContain('user_group');
    expect(rows.find((row) => row.entry.id === 'operation')).toMatchObject({
      kind: 'collapse',
      expanded: false,
    });
  });

  it('Given an expanded collapse, then its children follow it one level deeper', () => {
    const rows = menuRows(navigationForRole(ROLES.root), new Set(['operation']));
    const index = rows.findIndex((row) => row.entry.id === 'operation');
    expect(rows[index + 1]).toMatchObject({ kind: 'item', depth: (rows[index]?.depth ?? 0) + 1 });
    expect(rows[index + 1]?.entry.id).toBe('user_group');
  });

  it('Given a common user, then no admin entry is selectable', () => {
    const rows = menuRows(navigationForRole(ROLES.common), new Set(['operation', 'paySetting']));
    const ids = rows.filter(isSelectable).map((row) => row.entry.id);
    expect(ids).toEqual([
      'dashboard',
      'playground',
      'token',
      'profile',
      'topup',
      'model_price',
      'log',
      'midjourney',
      'task',
    ]);
  });

  it('Given a top-level entry that is not a group, then it shows as the menu error', () => {
    const rows = menuRows([{ id: 'stray', type: 'item', title: 'nav.token' }], new Set());
    expect(rows).toEqual([expect.objectContaining({ kind: 'error' })]);
  });

  it('keeps the cursor inside the visible window', () => {
    expect(visibleWindow(10, 3, 20)).toEqual({ start: 0, end: 10 });
    expect(visibleWindow(30, 0, 10)).toEqual({ start: 0, end: 10 });
    expect(visibleWindow(30, 15, 10)).toEqual({ start: 10, end: 20 });
    expect(visibleWindow(30, 29, 10)).toEqual({ start: 20, end: 30 });
  });
});
