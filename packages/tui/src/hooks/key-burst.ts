import type { Key } from 'ink';

/** One keystroke as Ink reports it. */
export interface Keystroke {
  input: string;
  key: Key;
}

/** A keystroke with no key held: every flag off. */
export const RELEASED: Omit<Key, 'eventType'> = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** The keystroke one character stands for when it arrives alone (Ink's own reading of it). */
function keystrokeOf(character: string): Keystroke {
  if (character === '\t') return { input: '', key: { ...RELEASED, tab: true } };
  if (character === '\r' || character === '\n') return { input: '\r', key: { ...RELEASED, return: true } };
  if (character === '\u007F' || character === '\b')
    return { input: '', key: { ...RELEASED, backspace: true } };
  // Ctrl-a … Ctrl-z (Ctrl-u clears a field, Ctrl-s saves) keep their meaning inside a burst.
  const code = character.charCodeAt(0);
  if (code >= 1 && code <= 26)
    return { input: String.fromCharCode(code + 96), key: { ...RELEASED, ctrl: true } };
  return { input: character, key: { ...RELEASED, shift: /^[A-Z]$/.test(character) } };
}

/**
 * Splits what Ink hands over as one input into the keys it is made of. Ink passes a chunk of plain
 * text (a paste, or keys typed fast over SSH arriving in one read) as a single `input`, so
 * `root<Tab>pw` would reach a form as one string and its Tab would be lost; escape sequences
 * (arrows, Page Down) and control keys already come one at a time and pass unchanged.
 */
export function splitKeyBurst(input: string, key: Key): Keystroke[] {
  const characters = [...input];
  if (characters.length <= 1 || key.ctrl || key.meta || key.escape) return [{ input, key }];
  return characters.map(keystrokeOf);
}
