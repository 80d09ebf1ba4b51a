import { displayWidth, type Translate } from '@gw/core';

/** One key hint: the keys as printed (`j/k`, `Ctrl-d`) and the i18n key of what they do. */
export interface KeyBinding {
  keys: string;
  labelKey: string;
}

/** Keys that work on every console view (k9s: `:` command, `?` help, `q` quit). */
export const GLOBAL_BINDINGS: readonly KeyBinding[] = [
  { keys: ':', labelKey: 'tui.keys.command' },
  { keys: '?', labelKey: 'tui.keys.help' },
  { keys: 'Esc', labelKey: 'tui.keys.back' },
  { keys: 'q', labelKey: 'tui.keys.quit' },
];

/**
 * The console's keys that still work on a screen that types (a prompt, user names, a code, a settings
 * card), where `:`, `?` and `q` are letters of the text: the footer ends with these instead, so it reads
 * like every other screen's (their keys, then the console's). Ctrl-c asks once more before quitting.
 */
export const TYPING_GLOBAL_BINDINGS: readonly KeyBinding[] = [
  { keys: 'Esc', labelKey: 'tui.keys.back' },
  { keys: 'Ctrl-c', labelKey: 'tui.keys.quit' },
];

const HINT_GAP = '  ';

/** One hint as the footer prints it: `<keys> label`. */
function hintText(binding: KeyBinding, t: Translate): string {
  return `<${binding.keys}> ${t(binding.labelKey)}`;
}

/** Renders hints as `<keys> label` pairs for the footer. */
export function formatKeyHints(bindings: readonly KeyBinding[], t: Translate): string {
  return bindings.map((binding) => hintText(binding, t)).join(HINT_GAP);
}

/**
 * The footer's hints within `width` cells: whole hints in the order given (a screen lists its most
 * important keys first), never one cut in half; when some do not fit and the help can open (`help`),
 * `<?> more keys` closes the line so the rest are one key away. The `closing` hints end the line
 * whatever the width (a typing screen's way out), the others fit in the room before them.
 */
export function fitKeyHints(
  bindings: readonly KeyBinding[],
  t: Translate,
  width: number,
  help = true,
  closing: readonly KeyBinding[] = [],
): string {
  if (closing.length > 0) {
    const tail = formatKeyHints(closing, t);
    const room = width - displayWidth(tail) - HINT_GAP.length;
    const head = room > 0 ? fitKeyHints(bindings, t, room, help) : '';
    return head ? `${head}${HINT_GAP}${tail}` : tail;
  }
  const all = formatKeyHints(bindings, t);
  if (displayWidth(all) <= width) return all;
  const more = help ? hintText({ keys: '?', labelKey: 'tui.keys.more' }, t) : '';
  const room = help ? width - displayWidth(more) - HINT_GAP.length : width;
  const kept: string[] = [];
  let used = 0;
  for (const binding of bindings) {
    if (binding.keys === '?') continue;
    const text = hintText(binding, t);
    const needed = displayWidth(text) + (kept.length > 0 ? HINT_GAP.length : 0);
    // Skip a hint that does not fit and try shorter ones after it: the line stays as full as it can be.
    if (used + needed > room) continue;
    kept.push(text);
    used += needed;
  }
  return (help ? [...kept, more] : kept).join(HINT_GAP);
}

/** The bindings whose keys or label contain `filter` (the help view filters as the user types). */
export function filterBindings(bindings: readonly KeyBinding[], filter: string, t: Translate): KeyBinding[] {
  const wanted = filter.trim().toLowerCase();
  if (!wanted) return [...bindings];
  return bindings.filter(
    (binding) =>
      binding.keys.toLowerCase().includes(wanted) || t(binding.labelKey).toLowerCase().includes(wanted),
  );
}
