import { describe, expect, it } from 'vitest';
import { LOG_COLUMNS } from '../resources/logs/logs.fields.js';
import { hiddenColumnsFrom, selectAllState, shownColumns, toggleAllColumns } from './column-settings.js';

const columns = LOG_COLUMNS.slice(0, 3);
const ids = columns.map((column) => column.id);

describe('column settings (console-screens §3)', () => {
  it('Given none, some or all hidden, Then select-all is checked, indeterminate or clear', () => {
    expect(selectAllState(columns, new Set())).toEqual({ checked: true, indeterminate: false });
    expect(selectAllState(columns, new Set([ids[1] ?? '']))).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState(columns, new Set(ids))).toEqual({ checked: false, indeterminate: false });
    // An id of a column the list no longer has does not count.
    expect(selectAllState(columns, new Set(['gone']))).toEqual({ checked: true, indeterminate: false });
  });

  it('Given select-all clicked, Then all hide when all showed, and all show when any was hidden', () => {
    expect([...toggleAllColumns(columns, new Set())]).toEqual(ids);
    expect(toggleAllColumns(columns, new Set([ids[0] ?? ''])).size).toBe(0);
    expect(shownColumns(columns, new Set([ids[0] ?? ''])).map((column) => column.id)).toEqual(ids.slice(1));
  });

  it('Given a damaged stored entry, Then nothing is hidden', () => {
    expect(hiddenColumnsFrom(['type', 3, null])).toEqual(new Set(['type']));
    expect(hiddenColumnsFrom({ type: true }).size).toBe(0);
    expect(hiddenColumnsFrom(undefined).size).toBe(0);
  });
});
