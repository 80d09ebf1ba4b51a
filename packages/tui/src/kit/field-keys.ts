// What one key does to the focused field of a terminal form, by field kind. Pure, so each kind's
// editing is tested without rendering.
import type { FieldKind, FieldOption } from '@gw/core';
import { isTextKind } from './draft.js';

/** The keys a field reads (a subset of Ink's key state). */
export interface FieldKey {
  leftArrow: boolean;
  rightArrow: boolean;
  backspace: boolean;
  delete: boolean;
  ctrl: boolean;
  meta: boolean;
}

/** A field's editing state: its draft value, and for a multi-select the option browsed and text typed. */
export interface FieldEdit {
  value: unknown;
  browse: number;
  typed: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a field
const CONTROL = /[\u0000-\u001F\u007F]/g;

/** The options of a multi-select the typed text matches (all when nothing is typed). */
export function browsable(
  options: readonly FieldOption[],
  typed: string,
  label: (option: FieldOption) => string,
) {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return [...options];
  return options.filter(
    (option) =>
      String(option.value).toLowerCase().includes(wanted) || label(option).toLowerCase().includes(wanted),
  );
}

/**
 * Whether the focused field is typed in a one-line ink-text-input (every text kind but the
 * multi-line textarea, and a select whose options are loading or failed, which then takes free text).
 * Such a field takes its keys itself; `editField` leaves them alone.
 */
export function typesInline(kind: FieldKind, options: readonly FieldOption[] | undefined): boolean {
  if (kind === 'select') return !options || options.length === 0;
  return isTextKind(kind) && kind !== 'textarea';
}

/** Whether Space opens the field's choice list (an ink-select-input under the field). */
export function picksFromList(kind: FieldKind, options: readonly FieldOption[] | undefined): boolean {
  return kind === 'select' && options !== undefined && options.length > 0;
}

/**
 * The field after a key, or undefined when the key is not the field's (the form then reads it:
 * Tab, Enter, Esc, arrows up and down). `options` are undefined while a source loads or when it
 * failed: a multi-select then takes free text. Fields that type inline (`typesInline`) are edited
 * by their ink-text-input, not here.
 */
export function editField(
  kind: FieldKind,
  edit: FieldEdit,
  input: string,
  key: FieldKey,
  options: readonly FieldOption[] | undefined,
  label: (option: FieldOption) => string,
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
  if (kind === 'multi-select') {
    const chosen = Array.isArray(edit.value) ? edit.value.map(String) : [];
    const shown = browsable(options ?? [], edit.typed, label);
    if (key.leftArrow || key.rightArrow) {
      if (shown.length === 0) return edit;
      const step = key.leftArrow ? -1 : 1;
      return { ...edit, browse: (edit.browse + step + shown.length) % shown.length };
    }
    const commit = (item: string) =>
      item === '' ? chosen : chosen.includes(item) ? chosen.filter((one) => one !== item) : [...chosen, item];
    if (input === ' ' || input === ',') {
      // Space picks the option browsed (or the typed text when nothing matches); a comma adds the text.
      const option = input === ' ' ? shown[edit.browse % Math.max(1, shown.length)] : undefined;
      const item = option ? String(option.value) : edit.typed.trim();
      return { value: commit(item), browse: 0, typed: '' };
    }
    if (key.backspace || key.delete) {
      if (edit.typed) return { ...edit, typed: edit.typed.slice(0, -1), browse: 0 };
      return { ...edit, value: chosen.slice(0, -1) };
    }
    if (key.ctrl && input === 'u') return { value: [], browse: 0, typed: '' };
    if (key.ctrl || key.meta || !text) return undefined;
    return { ...edit, typed: edit.typed + text, browse: 0 };
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

/** A multi-select's typed text, if any, added to its values (when the form is submitted). */
export function settleMultiSelect(edit: FieldEdit): unknown {
  const chosen = Array.isArray(edit.value) ? edit.value.map(String) : [];
  const typed = edit.typed.trim();
  return typed && !chosen.includes(typed) ? [...chosen, typed] : chosen;
}
