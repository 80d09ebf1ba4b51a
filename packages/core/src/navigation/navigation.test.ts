import { describe, expect, it } from 'vitest';
import {
  breadcrumbsFor,
  findMenuItem,
  menuEntryAllowed,
  menuLeaves,
  NAVIGATION,
  navigationForRole,
  openCollapsesFor,
} from './navigation.js';

const ids = (role: number) => menuLeaves(navigationForRole(role)).map((item) => item.id);

describe('navigation model (spec §2, §6)', () => {
  it('shows a regular user only the non-admin items', () => {
    expect(ids(1)).toEqual([
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

  it("shows root every item, and an admin every item but root's: system info, Telegram, settings", () => {
    expect(ids(100)).toEqual(
      menuLeaves(NAVIGATION)
        .filter((item) => !item.siteFlag)
        .map((item) => item.id),
    );
    const admin = ids(10);
    const rootOnly = new Set(['system_info', 'telegram', 'setting']);
    expect(admin).toEqual(ids(100).filter((id) => !rootOnly.has(id)));
    expect(admin).toContain('multi_user_stats');
    expect(menuEntryAllowed({ isAdmin: true, isRoot: true }, 10)).toBe(false);
    expect(menuEntryAllowed({ isAdmin: true }, 10)).toBe(true);
    expect(menuEntryAllowed({ isAdmin: true }, 3)).toBe(false);
    expect(admin).toContain('user_group');
    expect(admin).toContain('payment');
    expect(navigationForRole(100)).toHaveLength(4);
  });

  it('shows the monthly bills to every role only while the site turns them on (console-screens §0.3)', () => {
    const withBills = (role: number) =>
      menuLeaves(navigationForRole(role, NAVIGATION, { UserInvoiceMonth: true })).map((item) => item.id);
    expect(ids(1)).not.toContain('invoice');
    expect(withBills(1)).toEqual([
      'dashboard',
      'playground',
      'token',
      'profile',
      'topup',
      'model_price',
      'log',
      'invoice',
      'midjourney',
      'task',
    ]);
    expect(withBills(100)).toContain('invoice');
    const invoice = findMenuItem('bills');
    expect(invoice?.url).toBe('/panel/invoice');
    expect(menuEntryAllowed(invoice ?? { siteFlag: 'UserInvoiceMonth' }, 1)).toBe(false);
    expect(menuEntryAllowed(invoice ?? {}, 1, { UserInvoiceMonth: false })).toBe(false);
    expect(menuEntryAllowed(invoice ?? {}, 1, { UserInvoiceMonth: true })).toBe(true);
  });

  it('hides a collapse whose children are all hidden and keeps every group that has visible items', () => {
    const user = navigationForRole(1);
    const settings = user.find((entry) => entry.id === 'settings_group');
    expect(settings?.children?.map((child) => child.id)).toEqual(['token', 'profile']);
    const hidden = navigationForRole(1, [
      {
        id: 'g',
        type: 'group',
        title: 'x',
        children: [{ id: 'a', type: 'item', title: 'a', isAdmin: true }],
      },
    ]);
    expect(hidden).toEqual([]);
  });

  it('builds breadcrumbs Dashboard > group > item and opens the collapse of the current path', () => {
    expect(breadcrumbsFor('/panel/pricing/').map((crumb) => crumb.title)).toEqual([
      'nav.dashboard',
      'nav.group.settings',
      'nav.operation',
      'nav.pricing',
    ]);
    expect(openCollapsesFor('/panel/payment')).toEqual(['paySetting']);
    expect(openCollapsesFor('/panel/token')).toEqual([]);
    expect(breadcrumbsFor('/nowhere')).toEqual([]);
    expect(breadcrumbsFor('/panel/nowhere/at/all')).toEqual([]);
    expect(breadcrumbsFor('/panel/invoice/detail/2024-02').map((crumb) => crumb.title)).toEqual([
      'nav.dashboard',
      'nav.group.usage',
      'nav.invoice',
    ]);
  });

  it('finds items by id or alias for the command palette', () => {
    expect(findMenuItem(':tokens')?.url).toBe('/panel/token');
    expect(findMenuItem('ch')?.id).toBe('channel');
    expect(findMenuItem('nope')).toBeUndefined();
  });
});
