import { isAdmin, isRoot } from '../roles/roles.js';

/** A menu entry of spec §3: group, collapse or item; titles are i18n keys. */
export interface MenuItem {
  id: string;
  type: 'group' | 'collapse' | 'item';
  /** i18n key of the title. */
  title: string;
  url?: string;
  /** A Blueprint icon name; faces without icons ignore it. */
  icon?: string;
  isAdmin?: boolean;
  /** Only the root account (role 100) may open it: the server guards its API as root. */
  isRoot?: boolean;
  breadcrumbs?: boolean;
  /** Shown only while the site turns this feature on (`/api/status`): the monthly bills. */
  siteFlag?: keyof MenuSiteFlags;
  /** Short names for the TUI command palette and CLI help (`:tokens`, `:ch`). */
  aliases?: string[];
  children?: MenuItem[];
}

/** The site features that show or hide menu items (`GET /api/status`); absent means off. */
export interface MenuSiteFlags {
  UserInvoiceMonth?: boolean;
}

const item = (id: string, icon: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  type: 'item',
  title: `nav.${id}`,
  url: `/panel/${id}`,
  icon,
  breadcrumbs: true,
  ...extra,
});

/** The console's sidebar (spec §2): four groups of items and admin-only collapses. */
export const NAVIGATION: readonly MenuItem[] = [
  {
    id: 'dashboard_group',
    type: 'group',
    title: 'nav.group.dashboard',
    children: [
      item('dashboard', 'dashboard', { aliases: ['home'] }),
      item('analytics', 'chart', { isAdmin: true }),
      item('multi_user_stats', 'people', { isAdmin: true, aliases: ['user_stats'] }),
      item('playground', 'chat', {}),
      item('system_info', 'info-sign', { isAdmin: true, isRoot: true, aliases: ['syslog'] }),
    ],
  },
  {
    id: 'settings_group',
    type: 'group',
    title: 'nav.group.settings',
    children: [
      item('user', 'people', { isAdmin: true, aliases: ['users', 'u'] }),
      item('channel', 'graph', { isAdmin: true, aliases: ['channels', 'ch'] }),
      {
        id: 'operation',
        type: 'collapse',
        title: 'nav.operation',
        icon: 'cog',
        isAdmin: true,
        children: [
          item('user_group', 'people', { isAdmin: true, aliases: ['user_groups', 'groups'] }),
          item('pricing', 'dollar', { isAdmin: true, aliases: ['prices'] }),
          item('model_ownedby', 'office', { isAdmin: true }),
          item('model_info', 'info-sign', { isAdmin: true }),
          // The Telegram and option APIs are root's (contract §1.14): admins below root do not see them.
          item('telegram', 'send-message', { isAdmin: true, isRoot: true }),
        ],
      },
      {
        id: 'paySetting',
        type: 'collapse',
        title: 'nav.paySetting',
        icon: 'credit-card',
        isAdmin: true,
        children: [
          item('redemption', 'barcode', { isAdmin: true, aliases: ['redemptions', 'redeem'] }),
          item('payment', 'bank-account', { isAdmin: true, aliases: ['payments'] }),
        ],
      },
      // Every administrative change and sign-in lock (issue 15); the API is admin-guarded, not root's.
      item('audit', 'shield', { isAdmin: true, aliases: ['audit_log'] }),
      item('token', 'key', { aliases: ['tokens', 'tk'] }),
      item('profile', 'person', { aliases: ['me'] }),
      item('setting', 'settings', { isAdmin: true, isRoot: true, aliases: ['settings', 'options'] }),
    ],
  },
  {
    id: 'billing_group',
    type: 'group',
    title: 'nav.group.billing',
    children: [item('topup', 'bank-account', {}), item('model_price', 'tag', { aliases: ['models'] })],
  },
  {
    id: 'usage_group',
    type: 'group',
    title: 'nav.group.usage',
    children: [
      item('log', 'history', { aliases: ['logs'] }),
      item('invoice', 'credit-card', { siteFlag: 'UserInvoiceMonth', aliases: ['bills'] }),
      item('midjourney', 'media', { aliases: ['mj'] }),
      item('task', 'list', { aliases: ['tasks'] }),
    ],
  },
];

/** The path the console lands on after sign-in. */
export const DEFAULT_PANEL_PATH = '/panel/dashboard';

/**
 * The menu a role may see: admin-only entries dropped for role < 10, items of a site feature that is off
 * dropped, and groups or collapses left with no visible child hidden (spec §2).
 */
export function navigationForRole(
  role: number,
  menu: readonly MenuItem[] = NAVIGATION,
  site: MenuSiteFlags = {},
): MenuItem[] {
  const visit = (entries: readonly MenuItem[]): MenuItem[] =>
    entries.flatMap((entry) => {
      if (!menuEntryAllowed(entry, role, site)) return [];
      if (entry.type === 'item') return [entry];
      const children = visit(entry.children ?? []);
      return children.length > 0 ? [{ ...entry, children }] : [];
    });
  return visit(menu);
}

/**
 * Whether a role may see and open an entry: admin entries need role ≥ 10, root entries role 100, and
 * an entry of a site feature needs that feature on.
 */
export function menuEntryAllowed(
  entry: Pick<MenuItem, 'isAdmin' | 'isRoot' | 'siteFlag'>,
  role: number | undefined,
  site: MenuSiteFlags = {},
): boolean {
  if (entry.siteFlag && site[entry.siteFlag] !== true) return false;
  if (entry.isRoot && !isRoot(role)) return false;
  return !(entry.isAdmin && !isAdmin(role));
}

/** Every item (leaf) of a menu, in order. */
export function menuLeaves(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((entry) => (entry.type === 'item' ? [entry] : menuLeaves(entry.children ?? [])));
}

/** The chain of entries from a top-level group down to the item whose url is `path`, or []. */
export function menuTrail(path: string, menu: readonly MenuItem[] = NAVIGATION): MenuItem[] {
  const normalized = path.replace(/\/+$/, '');
  for (const entry of menu) {
    if (entry.type === 'item' && entry.url === normalized) return [entry];
    const below = menuTrail(normalized, entry.children ?? []);
    if (below.length > 0) return [entry, ...below];
  }
  return [];
}

/** Breadcrumbs for a path: Dashboard > group > item, as i18n title keys with urls (spec §2). */
export function breadcrumbsFor(path: string, menu: readonly MenuItem[] = NAVIGATION) {
  let trail = menuTrail(path, menu);
  // A page under an item (a month's bill, `/panel/invoice/detail/…`) shows its item's trail.
  for (let parent = path.replace(/\/+$/, ''); trail.length === 0 && parent.lastIndexOf('/') > 0; ) {
    parent = parent.slice(0, parent.lastIndexOf('/'));
    trail = menuTrail(parent, menu);
  }
  if (trail.length === 0) return [];
  return [
    { title: 'nav.dashboard', url: DEFAULT_PANEL_PATH },
    ...trail.map((entry) => ({ title: entry.title, url: entry.url })),
  ];
}

/** The ids of the collapses that must be open for `path` (collapses expand on a matching child). */
export function openCollapsesFor(path: string, menu: readonly MenuItem[] = NAVIGATION): string[] {
  return menuTrail(path, menu)
    .filter((entry) => entry.type === 'collapse')
    .map((entry) => entry.id);
}

/** Finds an item by id, alias or url segment (for the TUI palette and CLI help). */
export function findMenuItem(name: string, menu: readonly MenuItem[] = NAVIGATION): MenuItem | undefined {
  const wanted = name.trim().toLowerCase().replace(/^:/, '');
  return menuLeaves(menu).find((entry) => entry.id === wanted || (entry.aliases ?? []).includes(wanted));
}
