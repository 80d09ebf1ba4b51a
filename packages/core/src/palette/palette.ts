// The command palette's entries (console-wide Ctrl+K in the web, `:` in the TUI): screens from the
// navigation model, common actions, and records found on the server; faces only draw them.
import type { ApiClient } from '../http/client.js';
import type { Translate } from '../i18n/i18n.js';
import { type MenuItem, menuEntryAllowed, NAVIGATION, navigationForRole } from '../navigation/navigation.js';
import { testAllChannels } from '../resources/channels/channels.api.js';
import { ROLES } from '../roles/roles.js';
import { matchScore } from './palette-match.js';

/** The palette's result groups, in the order they are shown. */
export const PALETTE_GROUPS = ['actions', 'screens', 'channels', 'users', 'tokens'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

/** A common action the palette runs: it either opens a url or, after a question, calls the server. */
export interface PaletteActionDef {
  id: string;
  /** i18n key of its title. */
  titleKey: string;
  icon: string;
  /** Lowest role that may run it. */
  role: number;
  /** Other words it is found by. */
  terms: readonly string[];
  /** Where it goes (the screen opens its "new" form when the query has `new=1`). */
  url?: string;
  /** i18n key of the question asked before `run`. */
  confirmKey?: string;
  run?: (client: ApiClient) => Promise<unknown>;
  /** i18n key of the message shown when `run` succeeded. */
  doneKey?: string;
}

/** The common actions of issue 9: new channel, test all channels, new redemption codes. */
export const PALETTE_ACTIONS: readonly PaletteActionDef[] = [
  {
    id: 'new_channel',
    titleKey: 'palette.actions.new_channel',
    icon: 'add',
    role: ROLES.admin,
    terms: ['new_channel', 'channel', 'create'],
    url: '/panel/channel?new=1',
  },
  {
    id: 'test_all_channels',
    titleKey: 'palette.actions.test_all_channels',
    icon: 'dashboard',
    role: ROLES.admin,
    terms: ['test_all_channels', 'channels', 'test'],
    confirmKey: 'palette.confirm.test_all_channels',
    run: (client) => testAllChannels(client),
    doneKey: 'palette.done.test_all_channels',
  },
  {
    id: 'new_redemption',
    titleKey: 'palette.actions.new_redemption',
    icon: 'barcode',
    role: ROLES.admin,
    terms: ['new_redemption', 'redemption', 'redeem', 'codes', 'create'],
    url: '/panel/redemption?new=1',
  },
];

/** One row of the palette. */
export interface PaletteEntry {
  /** Unique in the palette: `screen:user`, `action:new_channel`, `channel:12`. */
  key: string;
  group: PaletteGroup;
  /** What the row shows: a translated title, or a record's own name. */
  title: string;
  /** A second, quieter text: the menu path of a screen, the id and details of a record. */
  detail?: string;
  /** Other texts it is found by (ids, aliases, numbers). */
  terms: readonly string[];
  icon?: string;
  /** Where choosing it goes. */
  url?: string;
  /** What choosing it runs (instead of, or before, going somewhere). */
  action?: PaletteActionDef;
}

/** Every screen the role may open, titled in the current language, with its menu path as detail. */
export function screenEntries(
  role: number,
  t: Translate,
  menu: readonly MenuItem[] = NAVIGATION,
): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  const visit = (items: readonly MenuItem[], path: string[]) => {
    for (const item of items) {
      if (item.type !== 'item') {
        visit(item.children ?? [], [...path, t(item.title)]);
        continue;
      }
      entries.push({
        key: `screen:${item.id}`,
        group: 'screens',
        title: t(item.title),
        detail: path.join(' › '),
        terms: [item.id, ...(item.aliases ?? [])],
        icon: item.icon,
        url: item.url,
      });
    }
  };
  visit(navigationForRole(role, menu), []);
  return entries;
}

/** The common actions the role may run. */
export function actionEntries(role: number, t: Translate): PaletteEntry[] {
  return PALETTE_ACTIONS.filter((action) => role >= action.role).map((action) => ({
    key: `action:${action.id}`,
    group: 'actions',
    title: t(action.titleKey),
    terms: action.terms,
    icon: action.icon,
    url: action.url,
    action,
  }));
}

/** Whether the role may see entries of a group of records (channels and users are admin lists). */
export function paletteSearches(role: number): PaletteGroup[] {
  const admin = menuEntryAllowed({ isAdmin: true }, role);
  return admin ? ['channels', 'users', 'tokens'] : ['tokens'];
}

/** Results in their groups, in group order, each group ranked best first. */
export interface PaletteSection {
  group: PaletteGroup;
  entries: PaletteEntry[];
}

/**
 * Ranks entries against the typed text: those that do not match are dropped, the rest ordered by
 * score (ties keep the order given, the menu's), at most `perGroup` per group (all while nothing is
 * typed, so the palette opens as a full index), empty groups left out. Groups follow their best
 * entry, so Enter runs the best match; equal groups keep PALETTE_GROUPS' order.
 */
export function rankPalette(
  entries: readonly PaletteEntry[],
  query: string,
  perGroup = query.trim() ? 8 : Number.POSITIVE_INFINITY,
): PaletteSection[] {
  const scored = entries
    .map((entry, index) => ({ entry, index, score: matchScore(query, entry.title, entry.terms) }))
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return PALETTE_GROUPS.map((group, order) => {
    const inGroup = scored.filter((item) => item.entry.group === group).slice(0, perGroup);
    return { group, order, best: inGroup[0]?.score ?? 0, entries: inGroup.map((item) => item.entry) };
  })
    .filter((section) => section.entries.length > 0)
    .sort((a, b) => b.best - a.best || a.order - b.order)
    .map(({ group, entries: ranked }) => ({ group, entries: ranked }));
}

/** The entries in the order arrow keys walk them. */
export function flattenPalette(sections: readonly PaletteSection[]): PaletteEntry[] {
  return sections.flatMap((section) => section.entries);
}

/** The next entry index for an arrow key, wrapping around; -1 when there is none. */
export function movePaletteIndex(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  return (((current + step) % count) + count) % count;
}
