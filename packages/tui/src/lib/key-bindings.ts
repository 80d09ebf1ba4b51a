import type { Translate } from '@gw/core';

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

/** Renders hints as `<keys> label` pairs for the footer. */
export function formatKeyHints(bindings: readonly KeyBinding[], t: Translate): string {
  return bindings.map((binding) => `<${binding.keys}> ${t(binding.labelKey)}`).join('  ');
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
