// The multi-valued field editor's state and keys, pure so each key is tested without rendering. A
// field is multi-valued when core defines it so: a `multi-select` (a channel's models and groups, a
// token's model limits), or a `list` with choices (a channel's no-stream models, a model's
// modalities). The editor lists the choices and the values already chosen, Space toggles the row
// under the cursor, `/` filters, and where the field allows it (core's `freeText`, or no choices to
// offer) a value not in the list is entered by filtering for it and toggling the "add" row.
import type { FieldKind, FieldOption } from '@gw/core';

/** Whether a field of this kind and these choices is edited as a set of values in the editor. */
export function isMultiValued(kind: FieldKind, options: readonly FieldOption[] | undefined): boolean {
  return kind === 'multi-select' || (kind === 'list' && options !== undefined && options.length > 0);
}

/** A multi-valued field's draft as its values: an array for a multi-select, comma-separated text for a list. */
export function draftItems(draft: unknown): string[] {
  if (Array.isArray(draft)) return draft.map(String);
  return String(draft ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The values back as the field's draft. */
export function itemsDraft(kind: FieldKind, items: readonly string[]): unknown {
  return kind === 'list' ? items.join(', ') : [...items];
}

export interface MultiPickState {
  chosen: string[];
  filter: string;
  /** `/` pressed: typed keys go to the filter until Enter or Esc. */
  filtering: boolean;
  cursor: number;
}

export interface MultiPickRow {
  value: string;
  label: string;
  chosen: boolean;
  /** The row that adds the filter's text as a value of its own. */
  add?: boolean;
}

export interface MultiPickContext {
  options: readonly FieldOption[];
  label: (option: FieldOption) => string;
  /** Values not in the list may be entered. */
  freeText: boolean;
}

export function initialMultiPick(
  chosen: readonly string[],
  filter = '',
  filtering = filter !== '',
): MultiPickState {
  return { chosen: [...chosen], filter, filtering, cursor: 0 };
}

/**
 * The rows shown: the choices, then chosen values the choices do not hold (so they can be dropped),
 * those matching the filter; with free entry, an "add" row last for filter text no row is.
 */
export function multiPickRows(state: MultiPickState, context: MultiPickContext): MultiPickRow[] {
  const seen = new Set<string>();
  const all: MultiPickRow[] = [];
  for (const option of context.options) {
    const value = String(option.value);
    if (seen.has(value)) continue;
    seen.add(value);
    all.push({ value, label: context.label(option), chosen: state.chosen.includes(value) });
  }
  for (const value of state.chosen)
    if (!seen.has(value)) {
      seen.add(value);
      all.push({ value, label: value, chosen: true });
    }
  const wanted = state.filter.trim().toLowerCase();
  const shown = wanted
    ? all.filter(
        (row) => row.value.toLowerCase().includes(wanted) || row.label.toLowerCase().includes(wanted),
      )
    : all;
  const typed = state.filter.trim();
  // After the matches, so the cursor starts on a listed value; alone when nothing matches.
  if (typed && context.freeText && !seen.has(typed))
    return [...shown, { value: typed, label: typed, chosen: false, add: true }];
  return shown;
}

/** The keys the editor reads (a subset of Ink's key state). */
export interface MultiPickKey {
  upArrow: boolean;
  downArrow: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  return: boolean;
  escape: boolean;
  backspace: boolean;
  delete: boolean;
  ctrl: boolean;
  meta: boolean;
  tab?: boolean;
  shift?: boolean;
}

export type MultiPickResult =
  | { state: MultiPickState }
  | {
      done: 'accept';
      chosen: string[] /** Tab (1) or Shift-Tab (-1): go on to the next or previous field. */;
      move?: 1 | -1;
    }
  | { done: 'cancel' };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a value
const CONTROL = /[\u0000-\u001F\u007F]/g;

const toggle = (chosen: readonly string[], value: string) =>
  chosen.includes(value) ? chosen.filter((one) => one !== value) : [...chosen, value];

/**
 * The editor after one key. Browsing: ↑/↓ (j/k) move, g/G go to the ends, Space toggles, `a` chooses
 * every row shown (or none when all are), `/` filters, Ctrl-u drops every value, Enter accepts and Esc
 * leaves the value as it was; Tab (Shift-Tab) accepts and goes on to the next (previous) field. Filtering: keys type the filter, ↑/↓ move, Space toggles, a comma adds
 * the text as a value (free entry), Enter goes back to browsing with the filter kept, Esc clears it.
 */
export function multiPickKey(
  state: MultiPickState,
  input: string,
  key: MultiPickKey,
  context: MultiPickContext,
  page = 5,
): MultiPickResult {
  const rows = multiPickRows(state, context);
  const last = Math.max(0, rows.length - 1);
  const at = (cursor: number): MultiPickResult => ({
    state: { ...state, cursor: Math.max(0, Math.min(last, cursor)) },
  });
  const current = rows[Math.min(state.cursor, last)];
  const toggled = (): MultiPickResult => {
    if (!current) return { state };
    const chosen = toggle(state.chosen, current.value);
    // An added value is in the list now: the filter that typed it is done.
    if (current.add) return { state: { ...state, chosen, filter: '', filtering: false, cursor: 0 } };
    return { state: { ...state, chosen } };
  };
  // Tab accepts in either mode, with the text typed added where free entry is allowed, and moves on.
  if (key.tab) {
    const typed = state.filter.trim();
    const extra =
      typed &&
      context.freeText &&
      !state.chosen.includes(typed) &&
      !rows.some((row) => !row.add && row.value === typed);
    return {
      done: 'accept',
      chosen: extra ? [...state.chosen, typed] : state.chosen,
      move: key.shift ? -1 : 1,
    };
  }
  if (key.upArrow) return at(state.cursor - 1);
  if (key.downArrow) return at(state.cursor + 1);
  if (key.pageUp) return at(state.cursor - page);
  if (key.pageDown) return at(state.cursor + page);
  if (input === ' ') return toggled();
  if (state.filtering) {
    if (key.escape) return { state: { ...state, filter: '', filtering: false, cursor: 0 } };
    if (key.return) return { state: { ...state, filtering: false } };
    if (key.backspace || key.delete)
      return { state: { ...state, filter: [...state.filter].slice(0, -1).join(''), cursor: 0 } };
    if (input === ',') {
      const typed = state.filter.trim();
      if (!typed || !context.freeText) return { state };
      const chosen = state.chosen.includes(typed) ? state.chosen : [...state.chosen, typed];
      return { state: { ...state, chosen, filter: '', cursor: 0 } };
    }
    const text = input.replace(CONTROL, '');
    if (key.ctrl || key.meta || !text) return { state };
    return { state: { ...state, filter: state.filter + text, cursor: 0 } };
  }
  if (key.escape) return { done: 'cancel' };
  if (key.return) return { done: 'accept', chosen: state.chosen };
  if (key.ctrl && input === 'u') return { state: { ...state, chosen: [] } };
  if (key.ctrl || key.meta) return { state };
  if (input === 'j') return at(state.cursor + 1);
  if (input === 'k') return at(state.cursor - 1);
  if (input === 'g') return at(0);
  if (input === 'G') return at(last);
  if (input === '/') return { state: { ...state, filtering: true } };
  if (input === 'a') {
    const values = rows.filter((row) => !row.add).map((row) => row.value);
    const all = values.length > 0 && values.every((value) => state.chosen.includes(value));
    const chosen = all
      ? state.chosen.filter((value) => !values.includes(value))
      : [...state.chosen, ...values.filter((value) => !state.chosen.includes(value))];
    return { state: { ...state, chosen } };
  }
  return { state };
}
