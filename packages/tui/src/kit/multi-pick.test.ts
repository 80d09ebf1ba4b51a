// The multi-valued field editor's keys, without rendering: toggle, filter, free entry, accept, cancel.
import type { FieldOption } from '@gw/core';
import { describe, expect, it } from 'vitest';
import {
  draftItems,
  initialMultiPick,
  isMultiValued,
  itemsDraft,
  type MultiPickContext,
  type MultiPickKey,
  type MultiPickResult,
  type MultiPickState,
  multiPickKey,
  multiPickRows,
} from './multi-pick.js';

const NONE: MultiPickKey = {
  upArrow: false,
  downArrow: false,
  return: false,
  escape: false,
  backspace: false,
  delete: false,
  ctrl: false,
  meta: false,
};
const OPTIONS: FieldOption[] = [{ value: 'gpt-4o' }, { value: 'gpt-4o-mini' }, { value: 'claude-3' }];
const label = (option: FieldOption) => option.label ?? String(option.value);
const FREE: MultiPickContext = { options: OPTIONS, label, freeText: true };
const FIXED: MultiPickContext = { options: OPTIONS, label, freeText: false };

/** The state after each key in turn (a key is a character or a named key). */
function press(
  start: MultiPickState,
  context: MultiPickContext,
  ...keys: (string | Partial<MultiPickKey>)[]
) {
  let result: MultiPickResult = { state: start };
  for (const key of keys) {
    if (!('state' in result)) throw new Error('the editor closed before the last key');
    result =
      typeof key === 'string'
        ? multiPickKey(result.state, key, NONE, context)
        : multiPickKey(result.state, '', { ...NONE, ...key }, context);
  }
  return result;
}
const stateOf = (result: MultiPickResult) => {
  if (!('state' in result)) throw new Error(`closed: ${JSON.stringify(result)}`);
  return result.state;
};

describe('multi-valued fields', () => {
  it('Given core field kinds, then a multi-select and a list with choices are multi-valued, a bare list is text', () => {
    expect(isMultiValued('multi-select', undefined)).toBe(true);
    expect(isMultiValued('list', [{ value: 'text' }])).toBe(true);
    expect(isMultiValued('list', undefined)).toBe(false);
    expect(isMultiValued('select', OPTIONS)).toBe(false);
    expect(draftItems('a, b ,,c')).toEqual(['a', 'b', 'c']);
    expect(draftItems(['1', 2])).toEqual(['1', '2']);
    expect(itemsDraft('list', ['a', 'b'])).toBe('a, b');
    expect(itemsDraft('multi-select', ['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('multiPickKey', () => {
  it('Given the list, when j and Space are pressed, then the row under the cursor toggles; Enter accepts the values', () => {
    // gpt-4o-mini chosen, claude-3 dropped.
    const result = press(initialMultiPick(['claude-3']), FIXED, 'j', ' ', { downArrow: true }, ' ', {
      return: true,
    });
    expect(result).toEqual({ done: 'accept', chosen: ['gpt-4o-mini'] });
    const kept = press(initialMultiPick([]), FIXED, ' ', 'j', ' ', { return: true });
    expect(kept).toEqual({ done: 'accept', chosen: ['gpt-4o', 'gpt-4o-mini'] });
  });

  it('Given typed text, when Tab is pressed, then the values are accepted with the text where free entry is allowed, moving on', () => {
    expect(press(initialMultiPick(['gpt-4o']), FREE, '/', 'x', 'y', { tab: true })).toEqual({
      done: 'accept',
      chosen: ['gpt-4o', 'xy'],
      move: 1,
    });
    expect(press(initialMultiPick(['gpt-4o']), FIXED, '/', 'x', 'y', { tab: true, shift: true })).toEqual({
      done: 'accept',
      chosen: ['gpt-4o'],
      move: -1,
    });
  });

  it('Given changes, when Esc is pressed, then the editor cancels', () => {
    expect(press(initialMultiPick([]), FIXED, ' ', { escape: true })).toEqual({ done: 'cancel' });
  });

  it('Given / and text, then the rows narrow to the matches, Enter keeps the filter and Esc clears it', () => {
    const filtered = stateOf(press(initialMultiPick([]), FIXED, '/', 'm', 'i', 'n', 'i'));
    expect(filtered.filtering).toBe(true);
    expect(multiPickRows(filtered, FIXED).map((row) => row.value)).toEqual(['gpt-4o-mini']);
    // j is filter text while filtering, not a move.
    expect(stateOf(press(filtered, FIXED, 'j')).filter).toBe('minij');
    const kept = stateOf(press(filtered, FIXED, { return: true }));
    expect(kept).toMatchObject({ filter: 'mini', filtering: false });
    const toggled = stateOf(press(kept, FIXED, ' '));
    expect(toggled.chosen).toEqual(['gpt-4o-mini']);
    const cleared = stateOf(press(stateOf(press(kept, FIXED, '/')), FIXED, { escape: true }));
    expect(multiPickRows(cleared, FIXED)).toHaveLength(3);
    expect(stateOf(press(filtered, FIXED, { backspace: true })).filter).toBe('min');
  });

  it('Given free entry, when text no choice is is typed, then an Add row follows the matches and Space or a comma adds it', () => {
    const typed = stateOf(press(initialMultiPick(['gpt-4o']), FREE, '/', 'm', 'y', '-', 'x'));
    const rows = multiPickRows(typed, FREE);
    expect(rows).toEqual([{ value: 'my-x', label: 'my-x', chosen: false, add: true }]);
    // Text some choices hold: they come first, the cursor on the first of them.
    const gpt = stateOf(press(initialMultiPick([]), FREE, '/', 'g', 'p', 't'));
    expect(multiPickRows(gpt, FREE).map((row) => `${row.add ? '+' : ''}${row.value}`)).toEqual([
      'gpt-4o',
      'gpt-4o-mini',
      '+gpt',
    ]);
    expect(stateOf(press(gpt, FREE, ' ')).chosen).toEqual(['gpt-4o']);
    const added = stateOf(press(typed, FREE, ' '));
    expect(added).toMatchObject({ chosen: ['gpt-4o', 'my-x'], filter: '', filtering: false });
    // The added value is listed after the choices, so it can be dropped again.
    expect(multiPickRows(added, FREE).at(-1)).toEqual({ value: 'my-x', label: 'my-x', chosen: true });
    expect(stateOf(press(typed, FREE, ',')).chosen).toEqual(['gpt-4o', 'my-x']);
  });

  it('Given a field without free entry, then no Add row shows and a comma adds nothing', () => {
    const typed = stateOf(press(initialMultiPick([]), FIXED, '/', 'z', 'z'));
    expect(multiPickRows(typed, FIXED)).toEqual([]);
    expect(stateOf(press(typed, FIXED, ',')).chosen).toEqual([]);
    expect(press(typed, FIXED, ' ')).toEqual({ state: typed });
  });

  it('Given a filter, when a is pressed, then every row shown is chosen, and pressed again none; Ctrl-u drops all', () => {
    const gpt = stateOf(press(initialMultiPick(['claude-3']), FIXED, '/', 'g', 'p', 't', { return: true }));
    const all = stateOf(press(gpt, FIXED, 'a'));
    expect(all.chosen).toEqual(['claude-3', 'gpt-4o', 'gpt-4o-mini']);
    expect(stateOf(press(all, FIXED, 'a')).chosen).toEqual(['claude-3']);
    expect(stateOf(multiPickKey(all, 'u', { ...NONE, ctrl: true }, FIXED)).chosen).toEqual([]);
  });

  it('Given the ends of the list, then the cursor stays inside; G goes to the last row and g to the first', () => {
    const start = initialMultiPick([]);
    expect(stateOf(press(start, FIXED, 'k')).cursor).toBe(0);
    expect(stateOf(press(start, FIXED, 'G')).cursor).toBe(2);
    expect(stateOf(press(start, FIXED, 'G', 'j')).cursor).toBe(2);
    expect(stateOf(press(start, FIXED, 'G', 'g')).cursor).toBe(0);
  });
});
