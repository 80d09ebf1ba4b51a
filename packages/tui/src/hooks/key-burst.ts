/**
 * Splits one chunk of terminal input into the keys it is made of. Ink hands a chunk of plain text (a
 * paste, or keys typed fast over SSH arriving in one read) to its input listeners as one event, so
 * `root<Tab>pw` would reach a form as one string and its Tab would be lost; escape sequences
 * (arrows, Page Down, Alt-keys) already come one at a time and pass unchanged. A lone `\n` is read
 * as Enter, as a terminal in raw mode sends `\r` for it.
 */
export function splitKeyBurst(data: string): string[] {
  const characters = [...data];
  if (characters.length <= 1 || data.startsWith('\u001B')) return [data];
  return characters.map((character) => (character === '\n' ? '\r' : character));
}

/** Whether one raw key is printable text (what a text field may take as typed), not a control key. */
export function isTypedText(raw: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  return raw.length > 0 && !/[\u0000-\u001F\u007F]/.test(raw);
}

/** Whether one raw key deletes (Backspace, or the Delete key's escape sequence). */
export function isDeleteKey(raw: string): boolean {
  return raw === '\u007F' || raw === '\b' || raw === '\u001B[3~' || raw === '\u001B\u007F';
}
