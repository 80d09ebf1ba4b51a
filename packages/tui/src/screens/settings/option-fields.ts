// How the terminal edits each kind of option (core's option registry says the kind).
import { type FieldKind, OPTION_SHORT_MAX_LENGTH, type OptionDefinition } from '@gw/core';

/** The form field kind an option is typed in: a switch, a choice, a multi-line text or one line. */
export function optionFieldKind(def: OptionDefinition): FieldKind {
  if (def.kind === 'bool') return 'switch';
  if (def.kind === 'choice') return 'select';
  // JSON and long texts (notices, home page HTML) span lines; Enter starts a new one, Ctrl-s saves.
  if (def.kind === 'json' || (def.kind === 'text' && (def.maxLength ?? Infinity) > OPTION_SHORT_MAX_LENGTH))
    return 'textarea';
  return 'text';
}
