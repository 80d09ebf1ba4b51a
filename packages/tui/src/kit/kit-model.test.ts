// The kit's pure parts: field editing by kind, drafts back to schema values, list keys and sort cycle.
import { type FieldOption, USERS_SCREEN } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { datetimeSeconds, datetimeText, fromDraftValue, isTextKind, toDraftValue } from './draft.js';
import {
  editField,
  type FieldEdit,
  type FieldKey,
  multiFieldKey,
  picksFromList,
  typesInline,
} from './field-keys.js';
import { listAction, listBindings, nextOrder } from './list-keys.js';

const NONE: FieldKey = {
  leftArrow: false,
  rightArrow: false,
  backspace: false,
  delete: false,
  ctrl: false,
  meta: false,
};
const DOLLARS = { displayInCurrency: true, quotaPerUnit: 500_000, currencySymbol: '$' } as never;
const POINTS = { displayInCurrency: false, quotaPerUnit: 500_000, currencySymbol: '$' } as never;
const label = (option: FieldOption) => option.label ?? String(option.value);
const edit = (value: unknown, typed = ''): FieldEdit => ({ value, browse: 0, typed });

describe('editField', () => {
  it('Given a textarea, when keys arrive, then characters append, Backspace removes one and Ctrl-u clears', () => {
    expect(editField('textarea', edit('ab'), 'c', NONE, undefined, label)?.value).toBe('abc');
    expect(editField('textarea', edit('ab'), '', { ...NONE, backspace: true }, undefined, label)?.value).toBe(
      'a',
    );
    expect(editField('textarea', edit('ab'), 'u', { ...NONE, ctrl: true }, undefined, label)?.value).toBe('');
    expect(
      editField('textarea', edit('ab'), '', { ...NONE, leftArrow: true }, undefined, label),
    ).toBeUndefined();
  });

  it('Given one-line text kinds and a select without options, then they type in ink-text-input, not here', () => {
    expect(typesInline('text', undefined)).toBe(true);
    expect(typesInline('quota', undefined)).toBe(true);
    expect(typesInline('textarea', undefined)).toBe(false);
    expect(typesInline('select', undefined)).toBe(true);
    expect(typesInline('select', [{ value: 1, label: 'one' }])).toBe(false);
    expect(picksFromList('select', [{ value: 1, label: 'one' }])).toBe(true);
    expect(editField('text', edit('ab'), 'c', NONE, undefined, label)).toBeUndefined();
  });

  it('Given a switch, then Space and the arrows flip it and y/n set it', () => {
    expect(editField('switch', edit(false), ' ', NONE, undefined, label)?.value).toBe(true);
    expect(editField('switch', edit(true), 'n', NONE, undefined, label)?.value).toBe(false);
    expect(editField('switch', edit(false), 'x', NONE, undefined, label)).toBeUndefined();
  });

  it('Given a select with options, then ←/→ cycle them', () => {
    const options = [{ value: 1 }, { value: 3 }, { value: 8 }];
    expect(editField('select', edit(1), '', { ...NONE, rightArrow: true }, options, label)?.value).toBe(3);
    expect(editField('select', edit(1), '', { ...NONE, leftArrow: true }, options, label)?.value).toBe(8);
    // Space opens the choice list (the form's), it no longer cycles.
    expect(editField('select', edit(1), ' ', NONE, options, label)).toBeUndefined();
  });

  it('Given a focused multi-valued field, then Space, / and a typed character open the editor; Backspace drops the last value', () => {
    expect(multiFieldKey(['a', 'b'], ' ', NONE)).toEqual({ open: { filter: '', filtering: false } });
    expect(multiFieldKey(['a', 'b'], '/', NONE)).toEqual({ open: { filter: '', filtering: true } });
    expect(multiFieldKey(['a', 'b'], 'g', NONE)).toEqual({ open: { filter: 'g', filtering: true } });
    expect(multiFieldKey(['a', 'b'], '', { ...NONE, backspace: true })).toEqual({ items: ['a'] });
    expect(multiFieldKey(['a', 'b'], 'u', { ...NONE, ctrl: true })).toEqual({ items: [] });
    expect(multiFieldKey(['a'], '', { ...NONE, leftArrow: true })).toBeUndefined();
    // A list with choices is edited in the editor too; without choices it stays one line of text.
    expect(typesInline('list', [{ value: 'text' }])).toBe(false);
    expect(typesInline('list', undefined)).toBe(true);
    expect(typesInline('multi-select', undefined)).toBe(false);
  });
});

describe('drafts', () => {
  it('Given quota in dollars, then points show as dollars and "$5" reads back as points', () => {
    expect(toDraftValue('quota', 1_000_000, DOLLARS)).toBe('$2');
    expect(fromDraftValue({ kind: 'quota', name: 'quota' }, '$5', 0, DOLLARS)).toBe(2_500_000);
    expect(fromDraftValue({ kind: 'quota', name: 'quota' }, '5', 0, DOLLARS)).toBe(2_500_000);
    expect(fromDraftValue({ kind: 'quota', name: 'quota' }, '¥7.3', 0, DOLLARS, 7.3)).toBe(500_000);
    expect(fromDraftValue({ kind: 'quota', name: 'quota' }, '1000', 0, POINTS)).toBe(1000);
    // Core's reading refuses what is no amount, naming why; a signed field takes a deduction.
    expect(() => fromDraftValue({ kind: 'quota', name: 'quota' }, '$-1', 0, DOLLARS)).toThrow(
      'money.input.negative in quota',
    );
    expect(fromDraftValue({ kind: 'quota', name: 'q', signed: true }, '-$1', 0, DOLLARS)).toBe(-500_000);
    expect(fromDraftValue({ kind: 'int', name: 'count' }, 'x', 0, POINTS)).toBeNaN();
  });

  it('Given JSON, lists, selects and dates, then each reads back as the schema expects', () => {
    expect(fromDraftValue({ kind: 'json', name: 'm' }, '{"a":"b"}', {}, POINTS)).toEqual({ a: 'b' });
    expect(() => fromDraftValue({ kind: 'json', name: 'm' }, '{a', {}, POINTS)).toThrow(
      'tui.kit.invalid_json in m',
    );
    expect(fromDraftValue({ kind: 'json', name: 'm' }, '{a', '', POINTS)).toBe('{a');
    // A key-value field (a channel's model mapping) is typed as its JSON text in the terminal.
    expect(isTextKind('key-value')).toBe(true);
    expect(fromDraftValue({ kind: 'key-value', name: 'm' }, ' {"a":"b"} ', '', POINTS)).toBe('{"a":"b"}');
    expect(fromDraftValue({ kind: 'list', name: 'tags' }, 'a, b,,c', [], POINTS)).toEqual(['a', 'b', 'c']);
    expect(fromDraftValue({ kind: 'select', name: 'type' }, '8', 1, POINTS)).toBe(8);
    expect(fromDraftValue({ kind: 'multi-select', name: 'ids' }, ['1', '2'], [3], POINTS)).toEqual([1, 2]);
    const seconds = datetimeSeconds('2026-01-02 03:04');
    expect(datetimeText(seconds)).toBe('2026-01-02 03:04');
    expect(datetimeSeconds('')).toBe(0);
    expect(datetimeSeconds('soon')).toBeNaN();
  });
});

describe('list keys', () => {
  const key = {
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    pageUp: false,
    pageDown: false,
    home: false,
    end: false,
    return: false,
    tab: false,
    ctrl: false,
  };
  it('Given list keys, then each maps to its action', () => {
    expect(listAction('', { ...key, rightArrow: true })).toBe('next_page');
    expect(listAction('', { ...key, pageUp: true })).toBe('previous_page');
    expect(listAction(' ', key)).toBe('mark');
    expect(listAction('x', key)).toBe('toggle');
    expect(listAction('d', { ...key, ctrl: true })).toBe('delete');
    expect(listAction('y', key)).toBe('copy');
    expect(listAction('A', key)).toBe('toolbar_actions');
    expect(listAction('', { ...key, return: true })).toBe('detail');
    expect(listAction('z', key)).toBeUndefined();
  });

  it('Given read-only mode, then the footer offers no key that changes something', () => {
    const offer = {
      filters: true,
      tabs: false,
      rowActions: true,
      batchActions: true,
      toolbarActions: true,
      deletes: true,
      copies: true,
      extra: [{ keys: 't', labelKey: 'tui.keys.test' }],
    };
    const keysOf = (readOnly: boolean) =>
      listBindings(USERS_SCREEN as never, { ...offer, readOnly }).map((binding) => binding.keys);
    expect(keysOf(false)).toEqual(expect.arrayContaining(['c', 'e', 't', 'x', 'Ctrl-d', 'a', 'Space', 'A']));
    for (const mutating of ['c', 'e', 't', 'x', 'Ctrl-d', 'a', 'Space', 'A', '*'])
      expect(keysOf(true)).not.toContain(mutating);
    expect(keysOf(true)).toEqual(expect.arrayContaining(['Enter', 'y', '/', 'f', 'r']));
  });

  it('Given sortable columns, then s cycles each ascending, descending and back to the default', () => {
    expect(nextOrder(['id', 'name'], '-id', '-id')).toBe('id');
    expect(nextOrder(['id', 'name'], 'id', '-id')).toBe('name');
    expect(nextOrder(['id', 'name'], 'name', '-id')).toBe('-name');
    expect(nextOrder(['id', 'name'], '-name', '-id')).toBe('-id');
  });
});
