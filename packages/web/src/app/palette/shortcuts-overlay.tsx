import { Dialog, DialogBody } from '@blueprintjs/core';
import { LIST_SHORTCUTS, ShortcutTable } from '../../kit/shortcuts';
import { useScreenSections } from '../../kit/use-screen-sections';
import { useT } from '../../lib/use-t';
import './palette.css';

/** The keys that work on every console screen; the list screens' own keys come from the kit. */
export const CONSOLE_SHORTCUTS = [
  { key: 'Ctrl+K / ⌘+K', labelKey: 'palette.shortcuts.palette' },
  { key: '?', labelKey: 'palette.shortcuts.help' },
  { key: 'Esc', labelKey: 'web.kit.shortcut_close' },
] as const;

/** Everything but `?` and Esc, which the console list already names. */
const LIST_ONLY = LIST_SHORTCUTS.filter((shortcut) => shortcut.key !== '?' && shortcut.key !== 'Esc');

/** The `?` overlay for the whole console: the console-wide keys, then those of the list screens. */
export function ShortcutsOverlay({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const ready = useScreenSections(['palette']);
  if (!ready) return null;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('web.kit.shortcuts_title')}
      className="gw-shortcuts-overlay"
    >
      <DialogBody>
        <h6 className="gw-shortcut-group">{t('palette.shortcuts.everywhere')}</h6>
        <ShortcutTable rows={CONSOLE_SHORTCUTS} />
        <h6 className="gw-shortcut-group">{t('palette.shortcuts.lists')}</h6>
        <ShortcutTable rows={LIST_ONLY} />
      </DialogBody>
    </Dialog>
  );
}
