// The keys of a generic list and what each does; the footer shows the screen's own first.
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
  | 'row_actions'
  | 'batch_actions'
  | 'toolbar_actions'
  | 'create'
  | 'edit'
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
  ' ': 'toggle',
  m: 'mark',
  a: 'row_actions',
  b: 'batch_actions',
  t: 'toolbar_actions',
  c: 'create',
  e: 'edit',
  r: 'refresh',
  p: 'pause',
};

/** Maps a keystroke on a list to its action, or undefined. */
export function listAction(input: string, key: ListKey): ListAction | undefined {
  if (key.ctrl) return input === 'r' ? 'refresh' : undefined;
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

/** The list's key hints for what this screen offers: its own actions first, moving last. */
export function listBindings(
  screen: ScreenDef<unknown, unknown, unknown>,
  has: { filters: boolean; tabs: boolean; rowActions: boolean },
): KeyBinding[] {
  const bindings: KeyBinding[] = [];
  const add = (when: unknown, keys: string, labelKey: string) => {
    if (when) bindings.push({ keys, labelKey });
  };
  add(true, 'Enter', 'tui.keys.detail');
  add(screen.form, 'c', 'tui.keys.create');
  add(screen.editable, 'e', 'tui.keys.edit');
  add(has.rowActions, 'a', 'tui.keys.actions');
  add(screen.status, 'Space', 'tui.keys.toggle_status');
  add(
    screen.filters.some((filter) => filter.kind === 'keyword'),
    '/',
    'tui.keys.filter',
  );
  add(has.filters, 'f', 'tui.keys.filters');
  add(
    screen.columns.some((column) => column.sortField),
    's',
    'tui.keys.sort',
  );
  add(screen.batchActions?.length, 'm', 'tui.keys.mark');
  add(screen.batchActions?.length, 'b', 'tui.keys.batch');
  add(screen.toolbarActions?.length, 't', 'tui.keys.toolbar');
  add(has.tabs, 'Tab', 'tui.keys.next_tab');
  add(true, 'PgUp/PgDn ←/→', 'tui.keys.page');
  add(true, 'j/k', 'tui.keys.move');
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
export const MODE_BINDINGS: Record<
  'search' | 'filters' | 'detail' | 'form' | 'pick' | 'confirm',
  readonly KeyBinding[]
> = {
  search: [
    { keys: 'Enter', labelKey: 'tui.keys.apply' },
    { keys: 'Esc', labelKey: 'tui.keys.clear_filter' },
  ],
  filters: [
    { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
    { keys: 'Enter', labelKey: 'tui.keys.apply' },
    { keys: 'Esc', labelKey: 'tui.keys.cancel' },
  ],
  detail: [
    { keys: 'e', labelKey: 'tui.keys.edit' },
    { keys: 'a', labelKey: 'tui.keys.actions' },
    { keys: 'Esc/Enter', labelKey: 'tui.keys.back' },
  ],
  form: [],
  pick: [
    { keys: '1-9 j/k', labelKey: 'tui.keys.move' },
    { keys: 'Enter', labelKey: 'tui.keys.run' },
    { keys: 'Esc', labelKey: 'tui.keys.cancel' },
  ],
  confirm: [
    { keys: 'y', labelKey: 'tui.keys.confirm' },
    { keys: 'N', labelKey: 'tui.keys.cancel' },
  ],
};
