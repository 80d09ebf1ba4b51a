import { useEffect, useRef } from 'react';

/** Whether a key press belongs to a field being typed in or to an open dialog, not to the console. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target && typeof target.closest === 'function') {
    if (target.isContentEditable) return true;
    if (target.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]')) return true;
  }
  return document.querySelector('.bp6-overlay-open') !== null;
}

/** Ctrl+K (⌘+K on a Mac): the browser's own meaning (its search bar) gives way to the palette. */
export function isPaletteKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

/**
 * The console-wide keys: Ctrl/⌘+K opens the palette anywhere (even in a field), `?` the shortcut
 * list outside fields and dialogs. Listened to on window in the capture phase, so the console's
 * one `?` list (which includes the list screens' keys) wins over a screen's own.
 */
export function useConsoleKeys(handlers: { palette: () => void; help: () => void }) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isPaletteKey(event)) latest.current.palette();
      else if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event))
        latest.current.help();
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
