import type { Translate } from '@gw/core';
import { showToast } from './toasts';

/** Copies text; on failure shows a toast that stays and holds the text to copy by hand. */
export async function copyText(text: string, name: string, t: Translate): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    showToast('success', t('common.copied', { name }));
    return true;
  } catch {
    showToast('copy', t('web.copy_manual', { text }));
    return false;
  }
}
