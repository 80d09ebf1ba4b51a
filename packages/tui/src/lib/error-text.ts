import { describeError, GwApiError, type Translate } from '@gw/core';

/** The status-line text of a failure, from core's error catalogue (spec §8). */
export function errorText(error: unknown, t: Translate): string {
  const notice = describeError(error);
  return t(notice.key, notice.params);
}

/** Whether the server could not be reached at all (refused, no such host, timed out). */
export function isUnreachable(error: unknown): error is GwApiError {
  return error instanceof GwApiError && error.code === 'NETWORK';
}

/**
 * Why signing in to `server` failed: an unreachable server says so with its address and the cause
 * (a refused saved token is a different problem, and the message must not blame the token for it).
 */
export function signInErrorText(error: unknown, server: string, t: Translate, savedToken = false): string {
  if (isUnreachable(error)) return t('tui.sign_in.unreachable', { server, cause: error.message });
  return savedToken ? `${t('tui.sign_in.token_refused')} ${errorText(error, t)}` : errorText(error, t);
}
