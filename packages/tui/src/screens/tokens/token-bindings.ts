import type { Token } from '@gw/core';
import type { KeyBinding } from '../../lib/key-bindings.js';

/** What the token screen is doing: listing, or one of its dialogs. */
export type TokenMode =
  | { kind: 'list' }
  | { kind: 'filter' }
  | { kind: 'create' }
  | { kind: 'created'; token: Token }
  | { kind: 'confirm'; token: Token }
  | { kind: 'detail'; token: Token };

/** The list's keys (k9s/lazygit conventions; `e`/`x`/Space for status as the spec asks). */
export const LIST_BINDINGS: readonly KeyBinding[] = [
  { keys: 'j/k', labelKey: 'tui.keys.move' },
  { keys: 'g/G', labelKey: 'tui.keys.top_bottom' },
  { keys: 'PgUp/PgDn [ ]', labelKey: 'tui.keys.page' },
  { keys: '/', labelKey: 'tui.keys.filter' },
  { keys: 'r', labelKey: 'tui.keys.refresh' },
  { keys: 'p', labelKey: 'tui.keys.pause' },
  { keys: 'c', labelKey: 'tui.keys.create' },
  { keys: 'e', labelKey: 'tui.keys.enable' },
  { keys: 'x', labelKey: 'tui.keys.disable' },
  { keys: 'Space', labelKey: 'tui.keys.toggle_status' },
  { keys: 'Ctrl-d/D', labelKey: 'tui.keys.delete' },
  { keys: 'Enter/d', labelKey: 'tui.keys.detail' },
];

/** The keys of each dialog. */
export const MODE_BINDINGS: Record<Exclude<TokenMode['kind'], 'list'>, readonly KeyBinding[]> = {
  filter: [
    { keys: 'Enter', labelKey: 'tui.keys.apply' },
    { keys: 'Esc', labelKey: 'tui.keys.cancel' },
  ],
  create: [
    { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
    { keys: 'Space', labelKey: 'tui.keys.toggle' },
    { keys: 'Enter', labelKey: 'tui.keys.submit' },
    { keys: 'Esc', labelKey: 'tui.keys.cancel' },
  ],
  created: [{ keys: 'any', labelKey: 'tui.keys.close' }],
  confirm: [
    { keys: 'y', labelKey: 'tui.keys.confirm' },
    { keys: 'N', labelKey: 'tui.keys.cancel' },
  ],
  detail: [{ keys: 'Esc/Enter/d', labelKey: 'tui.keys.back' }],
};

/** What a key does on the token list. */
export type TokenListAction =
  | 'down'
  | 'up'
  | 'top'
  | 'bottom'
  | 'next_page'
  | 'previous_page'
  | 'filter'
  | 'refresh'
  | 'pause'
  | 'create'
  | 'enable'
  | 'disable'
  | 'toggle'
  | 'delete'
  | 'detail';

/** The subset of Ink's key state the token list reads. */
export interface KeyState {
  upArrow: boolean;
  downArrow: boolean;
  pageUp: boolean;
  pageDown: boolean;
  home: boolean;
  end: boolean;
  return: boolean;
  ctrl: boolean;
}

/** Maps a keystroke on the token list to its action (LIST_BINDINGS), or undefined. */
export function tokenListAction(input: string, key: KeyState): TokenListAction | undefined {
  if (key.ctrl) return input === 'd' ? 'delete' : input === 'r' ? 'refresh' : undefined;
  if (input === 'j' || key.downArrow) return 'down';
  if (input === 'k' || key.upArrow) return 'up';
  if (input === 'g' || key.home) return 'top';
  if (input === 'G' || key.end) return 'bottom';
  if (input === ']' || key.pageDown) return 'next_page';
  if (input === '[' || key.pageUp) return 'previous_page';
  if (key.return || input === 'd') return 'detail';
  const letters: Record<string, TokenListAction> = {
    '/': 'filter',
    r: 'refresh',
    p: 'pause',
    c: 'create',
    e: 'enable',
    x: 'disable',
    ' ': 'toggle',
    D: 'delete',
  };
  return letters[input];
}
