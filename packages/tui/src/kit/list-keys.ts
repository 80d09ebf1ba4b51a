// The keys of a generic list (peers-and-users §4.3) and what each does; the footer shows the screen's
// own first. Read-only mode drops every key that changes something.
import type { ScreenDef } from '@gw/core';
import type { KeyBinding } from '../lib/key-bindings.js';

/** What a key does on a list. */
export type ListAction =
  | 'down'
  | 'up'
  | 'top'
  | 'bottom'
  | 'next_page'
  | 'previous_page'
  | 'search'
  | 'filters'
  | 'sort'
  | 'detail'
  | 'toggle'
  | 'mark'
  | 'mark_page'
  | 'actions'
  | 'toolbar_actions'
  | 'create'
  | 'edit'
  | 'delete'
  | 'copy'
  | 'refresh'
  | 'pause'
  | 'next_tab';

/** Ink's key state, as far as the list reads it. */
export interface ListKey {
  upArrow: boolean;
  downArrow: boolean;
  leftArrow: boolean;
  rightArrow: boolean;
  pageUp: boolean;
  pageDown: boolean;
  home: boolean;
  end: boolean;
  return: boolean;
  tab: boolean;
  ctrl: boolean;
}

const LETTERS: Record<string, ListAction> = {
  j: 'down',
  k: 'up',
  g: 'top',
  G: 'bottom',
  ']': 'next_page',
  '[': 'previous_page',
  '/': 'search',
  f: 'filters',
  s: 'sort',
  d: 'detail',
  x: 'toggle',
  ' ': 'mark',
  '*': 'mark_page',
  a: 'actions',
  A: 'toolbar_actions',
  c: 'create',
  e: 'edit',
  y: 'copy',
  r: 'refresh',
  p: 'pause',
};

/** What changes something, hidden and ignored in read-only mode. */
export const MUTATING_LIST_ACTIONS: ReadonlySet<ListAction> = new Set([
  'toggle',
  'mark',
  'mark_page',
  'actions',
  'toolbar_actions',
  'create',
  'edit',
  'delete',
]);

/** Maps a keystroke on a list to its action, or undefined. */
export function listAction(input: string, key: ListKey): ListAction | undefined {
  if (key.ctrl) return input === 'r' ? 'refresh' : input === 'd' ? 'delete' : undefined;
  if (key.downArrow) return 'down';
  if (key.upArrow) return 'up';
  if (key.home) return 'top';
  if (key.end) return 'bottom';
  if (key.pageDown || key.rightArrow) return 'next_page';
  if (key.pageUp || key.leftArrow) return 'previous_page';
  if (key.return) return 'detail';
  if (key.tab) return 'next_tab';
  return LETTERS[input];
}

/** What a screen offers, beyond its ScreenDef: its own extra keys, and the role's actions. */
export interface ListOffer {
  filters: boolean;
  tabs: boolean;
  rowActions: boolean;
  batchActions: boolean;
  toolbarActions: boolean;
  deletes: boolean;
  copies: boolean;
  readOnly: boolean;
  /** The screen's own keys (a channel's test), placed after create and edit. */
  extra: readonly KeyBinding[];
}

/** The list's key hints for what this screen offers: its own actions first, moving last. */
export function listBindings(screen: ScreenDef<unknown, unknown, unknown>, has: ListOffer): KeyBinding[] {
  const bindings: KeyBinding[] = [];
  const writes = !has.readOnly;
  const add = (when: unknown, keys: string, labelKey: string) => {
    if (when) bindings.push({ keys, labelKey });
  };
  add(true, 'Enter', 'tui.keys.detail');
  add(writes && screen.form, 'c', 'tui.keys.create');
  add(writes && screen.editable, 'e', 'tui.keys.edit');
  if (writes) bindings.push(...has.extra);
  add(
    screen.filters.some((filter) => filter.kind === 'keyword'),
    '/',
    'tui.keys.filter',
  );
  add(writes && screen.status, 'x', 'tui.keys.toggle_status');
  add(writes && has.deletes, 'Ctrl-d', 'tui.keys.delete');
  add(writes && (has.rowActions || has.batchActions), 'a', 'tui.keys.actions');
  add(writes && has.batchActions, 'Space', 'tui.keys.mark');
  add(has.copies, 'y', 'tui.keys.copy');
  add(has.filters, 'f', 'tui.keys.filters');
  add(writes && has.toolbarActions, 'A', 'tui.keys.toolbar');
  add(has.tabs, 'Tab', 'tui.keys.next_tab');
  add(
    screen.columns.some((column) => column.sortField),
    's',
    'tui.keys.sort',
  );
  add(true, 'j/k', 'tui.keys.move');
  add(true, 'PgUp/PgDn', 'tui.keys.page');
  add(true, 'g/G', 'tui.keys.top_bottom');
  add(writes && has.batchActions, '*', 'tui.keys.mark_page');
  add(true, 'r', 'tui.keys.refresh');
  add(true, 'p', 'tui.keys.pause');
  return bindings;
}

/** The next order of the sort cycle: each sortable column ascending, then descending, then the default. */
export function nextOrder(sortFields: readonly string[], order: string, defaultOrder: string): string {
  const cycle = [
    defaultOrder,
    ...sortFields.flatMap((field) => [field, `-${field}`]).filter((one) => one !== defaultOrder),
  ];
  const index = cycle.indexOf(order);
  return cycle[(index + 1) % cycle.length] ?? defaultOrder;
}

/** The keys of the list's other modes (a form publishes its own). */
export const MODE_BINDINGS: Record<'search' | 'detail' | 'pick' | 'confirm', readonly KeyBinding[]> = {
  search: [
    { keys: 'Enter', labelKey: 'tui.keys.apply' },
    { keys: 'Esc', labelKey: 'tui.keys.clear_filter' },
  ],
  detail: [
    { keys: 'e', labelKey: 'tui.keys.edit' },
    { keys: 'a', labelKey: 'tui.keys.actions' },
    { keys: 'y', labelKey: 'tui.keys.copy' },
    { keys: 'Esc/Enter', labelKey: 'tui.keys.back' },
  ],
  pick: [
    { keys: 'Enter', labelKey: 'tui.keys.run' },
    { keys: '1-9 j/k', labelKey: 'tui.keys.move' },
    { keys: 'Esc', labelKey: 'tui.keys.cancel' },
  ],
  confirm: [
    { keys: 'y', labelKey: 'tui.keys.confirm' },
    { keys: 'N', labelKey: 'tui.keys.cancel' },
  ],
};
