import { lazy, Suspense, useEffect, useState } from 'react';
import { useConsoleKeys } from './console-keys';

// Both load the first time they open, so the first screen carries only the key listener.
const CommandPalette = lazy(() =>
  import('./command-palette').then((module) => ({ default: module.CommandPalette })),
);
const ShortcutsOverlay = lazy(() =>
  import('./shortcuts-overlay').then((module) => ({ default: module.ShortcutsOverlay })),
);

/** Whether something was ever opened: once loaded it stays mounted to play its closing transition. */
function useOnceOpen(open: boolean): boolean {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  return used || open;
}

/** The console's palette (Ctrl/⌘+K or the top bar's button) and its `?` list of keys. */
export function useConsoleOverlays() {
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  useConsoleKeys({ palette: () => setPalette((open) => !open), help: () => setHelp(true) });
  const paletteUsed = useOnceOpen(palette);
  const helpUsed = useOnceOpen(help);
  const overlays = (
    <Suspense fallback={null}>
      {paletteUsed && <CommandPalette isOpen={palette} onClose={() => setPalette(false)} />}
      {helpUsed && <ShortcutsOverlay isOpen={help} onClose={() => setHelp(false)} />}
    </Suspense>
  );
  return { openPalette: () => setPalette(true), overlays };
}
