// What one key does to the focused field of a terminal form, by field kind. Pure, so each kind's
// editing is tested without rendering.
import type { FieldKind, FieldOption } from '@gw/core';
import { isTextKind } from './draft.js';
import { isMultiValued } from './multi-pick.js';

/** The keys a field reads (a subset of Ink's key state). */
export interface FieldKey {
  leftArrow: boolean;
  rightArrow: boolean;
  backspace: boolean;
  delete: boolean;
  ctrl: boolean;
  meta: boolean;
}

/** A field's editing state: its draft value (`browse` and `typed` are kept for callers; unused by the kinds here). */
export interface FieldEdit {
  value: unknown;
  browse: number;
  typed: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a field
const CONTROL = /[\u0000-\u001F\u007F]/g;

/**
 * Whether the focused field is typed in a one-line ink-text-input (every text kind but the
 * multi-line textarea, and a select whose options are loading or failed, which then takes free text).
 * Such a field takes its keys itself; `editField` leaves them alone.
 */
export function typesInline(kind: FieldKind, options: readonly FieldOption[] | undefined): boolean {
  if (kind === 'select') return !options || options.length === 0;
  if (isMultiValued(kind, options)) return false;
  return isTextKind(kind) && kind !== 'textarea';
}

/** Whether Space opens the field's choice list (an ink-select-input under the field). */
export function picksFromList(kind: FieldKind, options: readonly FieldOption[] | undefined): boolean {
  return kind === 'select' && options !== undefined && options.length > 0;
}

/**
 * The field after a key, or undefined when the key is not the field's (the form then reads it:
 * Tab, Enter, Esc, arrows up and down). Fields that type inline (`typesInline`) are edited by their
 * ink-text-input, and multi-valued fields by the editor (`multiFieldKey`, `MultiPicker`), not here.
 */
export function editField(
  kind: FieldKind,
  edit: FieldEdit,
  input: string,
  key: FieldKey,
  options: readonly FieldOption[] | undefined,
  _label: (option: FieldOption) => string,
): FieldEdit | undefined {
  const text = input.replace(CONTROL, '');
  if (kind === 'switch') {
    if (input === ' ' || key.leftArrow || key.rightArrow) return { ...edit, value: !edit.value };
    if (input === 'y' || input === 'n') return { ...edit, value: input === 'y' };
    return undefined;
  }
  if (kind === 'select' && options && options.length > 0) {
    const index = options.findIndex((option) => String(option.value) === String(edit.value));
    const step = key.leftArrow ? -1 : key.rightArrow ? 1 : 0;
    if (step === 0) return undefined;
    const next = options[(index + step + options.length) % options.length];
    return next ? { ...edit, value: next.value } : undefined;
  }
  if (kind === 'textarea') {
    // A textarea's lines: typed and pasted text appends (the form reads Enter as a new line).
    const value = String(edit.value ?? '');
    if (key.backspace || key.delete) return { ...edit, value: [...value].slice(0, -1).join('') };
    if (key.ctrl && input === 'u') return { ...edit, value: '' };
    if (key.ctrl || key.meta || key.leftArrow || key.rightArrow || !text) return undefined;
    return { ...edit, value: value + text };
  }
  return undefined;
}

/** What a key on a focused multi-valued field does: open the editor (filtering for the text typed), or change the values. */
export type MultiFieldKey =
  | { open: { filter: string; filtering: boolean } }
  | { items: string[] }
  | undefined;

/**
 * A key on a focused multi-valued field (the editor is closed): Space opens the editor, `/` opens it
 * filtering, any other character opens it filtering for that character, Backspace drops the last
 * value and Ctrl-u every value. Other keys are the form's (Tab, Enter, Esc, the arrows).
 */
export function multiFieldKey(items: readonly string[], input: string, key: FieldKey): MultiFieldKey {
  if (key.backspace || key.delete) return { items: items.slice(0, -1) };
  if (key.ctrl && input === 'u') return { items: [] };
  if (key.ctrl || key.meta || key.leftArrow || key.rightArrow) return undefined;
  if (input === ' ') return { open: { filter: '', filtering: false } };
  if (input === '/') return { open: { filter: '', filtering: true } };
  const text = input.replace(CONTROL, '');
  return text ? { open: { filter: text, filtering: true } } : undefined;
}
