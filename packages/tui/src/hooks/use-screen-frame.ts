import { useEffect, useLayoutEffect } from 'react';
import type { KeyBinding } from '../lib/key-bindings.js';
import { type RefreshState, useScreenHost } from './tui-context.js';

/**
 * Publishes a screen's key hints, keyboard capture and refresh state to the shell. `capturing` is
 * `'typing'` for a screen that is a text box leaving on Esc (its hints then omit Esc: the shell adds it
 * with the other console keys that still work).
 */
export function useScreenFrame(
  bindings: readonly KeyBinding[],
  capture: boolean | 'typing',
  refresh?: RefreshState,
  onBack?: () => boolean,
  /** False while a child (an open form) publishes its own frame. */
  owned = true,
): void {
  const host = useScreenHost();
  const capturing = capture !== false;
  const typing = capture === 'typing';
  const bindingsKey = bindings.map((binding) => `${binding.keys}=${binding.labelKey}`).join(',');
  // In the commit that draws the screen, not after it: a terminal otherwise shows a frame with the
  // keys of what was there before (a closed form's keys under its list).
  // biome-ignore lint/correctness/useExhaustiveDependencies: republish only when the visible frame changes
  useLayoutEffect(() => {
    if (owned) host.publish({ bindings, capturing, typing, refresh });
  }, [bindingsKey, capturing, typing, refresh?.loading, refresh?.updatedAt, refresh?.paused, owned]);
  useEffect(() => {
    if (owned) host.setBackHandler(onBack);
  });
  useEffect(() => () => host.setBackHandler(undefined), [host]);
}
