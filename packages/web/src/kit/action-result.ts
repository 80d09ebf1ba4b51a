import type { ActionDef, ApiClient, Translate } from '@gw/core';
import { copyText } from '../lib/clipboard';
import { showError } from '../lib/toasts';

/**
 * Runs an action whose answer is text to copy (a code's key): the text goes on the clipboard with the
 * "copied" toast, or stays on screen to copy by hand when the clipboard refuses. Nothing changed on
 * the server, so no list reloads.
 */
export async function runAndCopy<Row>(
  action: ActionDef<Row>,
  client: ApiClient,
  rows: readonly Row[],
  name: string,
  t: Translate,
): Promise<void> {
  try {
    const text = await action.run(client, rows);
    await copyText(String(text ?? ''), name, t);
  } catch (error) {
    showError(error, t);
  }
}
