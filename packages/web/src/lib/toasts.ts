import type { Intent, ToastProps, Toaster } from '@blueprintjs/core';
import { describeError, type Translate } from '@gw/core';

/** Toast kinds of spec §9 and how long each stays (ms; 0 = until closed). */
export const TOAST_KINDS = {
  error: { intent: 'danger', timeout: 5000 },
  warning: { intent: 'warning', timeout: 10_000 },
  success: { intent: 'success', timeout: 1500 },
  info: { intent: 'primary', timeout: 3000 },
  notice: { intent: 'primary', timeout: 20_000 },
  copy: { intent: 'none', timeout: 0 },
} as const satisfies Record<string, { intent: Intent; timeout: number }>;

export type ToastKind = keyof typeof TOAST_KINDS;

let toaster: Toaster | null = null;
const pending: ToastProps[] = [];

/** Connects the one toaster of the app (mounted by the toast host). */
export function attachToaster(instance: Toaster | null): void {
  toaster = instance;
  if (!instance) return;
  for (const toast of pending.splice(0)) instance.show(toast);
}

/** Shows a toast of one kind; the same text is not stacked twice. */
export function showToast(kind: ToastKind, message: string): void {
  const { intent, timeout } = TOAST_KINDS[kind];
  const toast: ToastProps = { message, intent, timeout, isCloseButtonShown: true };
  const key = `${kind}:${message}`;
  if (!toaster) {
    pending.push(toast);
    return;
  }
  toaster.show(toast, key);
}

/** Shows a failure the one way every screen does: the spec §8 catalogue through i18n. */
export function showError(error: unknown, t: Translate): void {
  const notice = describeError(error);
  showToast(notice.level === 'info' ? 'info' : 'error', t(notice.key, notice.params));
}

/** A failure's text the way showError words it, for a dialog that shows it in place. */
export function errorText(error: unknown, t: Translate): string {
  const notice = describeError(error);
  return t(notice.key, notice.params);
}
