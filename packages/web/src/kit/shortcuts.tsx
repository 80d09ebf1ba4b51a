import { Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useT } from '../lib/use-t';

/** The list screens' keys (issue 9): each with the i18n key of what it does. */
export const LIST_SHORTCUTS = [
  { key: '/', labelKey: 'web.kit.shortcut_search' },
  { key: 'n', labelKey: 'web.kit.shortcut_new' },
  { key: '?', labelKey: 'web.kit.shortcut_help' },
  { key: 'Esc', labelKey: 'web.kit.shortcut_close' },
] as const;

/** Whether a key press belongs to something being typed or to an open dialog, not to the page. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]')) return true;
  return document.querySelector('.bp6-overlay-open') !== null;
}

/**
 * `/` focuses the search box, `n` opens "new" (when the screen can create), `?` lists the keys.
 * Keys typed into a field or inside a dialog are left alone.
 */
export function useListShortcuts(handlers: { search?: () => void; create?: () => void }) {
  const [help, setHelp] = useState(false);
  const { search, create } = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event)) return;
      if (event.key === '/' && search) search();
      else if (event.key === 'n' && create) create();
      else if (event.key === '?') setHelp(true);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [search, create]);
  return { help, closeHelp: () => setHelp(false) };
}

/** The overlay listing the shortcuts. */
export function ShortcutHelp({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('web.kit.shortcuts_title')}>
      <DialogBody>
        <ShortcutTable rows={LIST_SHORTCUTS} />
      </DialogBody>
    </Dialog>
  );
}

/** Keys and what they do, one row each (the list screens' help and the console's `?` overlay). */
export function ShortcutTable({ rows }: { rows: readonly { key: string; labelKey: string }[] }) {
  const t = useT();
  return (
    <HTMLTable compact className="gw-shortcuts">
      <tbody>
        {rows.map((shortcut) => (
          <tr key={shortcut.key}>
            <td>
              <kbd>{shortcut.key}</kbd>
            </td>
            <td>{t(shortcut.labelKey)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
