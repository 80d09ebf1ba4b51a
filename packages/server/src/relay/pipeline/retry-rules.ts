// Which failed attempts are retried (behaviour spec §7.2 step 2) and which disable the channel (§8.1).
import type { RelayError } from './relay-error.js';

const GEMINI_TYPE = 25;
const RETRYABLE_400_MESSAGES = ['Your credit balance is too low', 'Operation not allowed'];

/** Whether another channel should be tried after this error. */
export function shouldRetry(error: RelayError): boolean {
  if (error.local) return false;
  const status = error.status;
  if (status === 429 || status === 307) return true;
  if (status === 408 || status === 504 || status === 524) return false;
  if (status === 400) {
    return (
      RETRYABLE_400_MESSAGES.some((text) => error.message.includes(text)) ||
      (error.param === 'INVALID_ARGUMENT' && error.message.includes('API key not valid'))
    );
  }
  if (status >= 500) return true;
  if (status >= 200 && status < 300) return false;
  return true;
}

const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DISABLING_TYPES = new Set([
  'insufficient_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);

/** Whether an upstream error says the channel's credential is unusable (spec §8.1). */
export function shouldDisableChannel(
  error: RelayError,
  channelType: number,
  keywords: readonly string[],
): boolean {
  if (error.local) return false;
  if (error.status === 401) return true;
  if (error.status === 403 && channelType === GEMINI_TYPE) return true;
  if (typeof error.code === 'string' && DISABLING_CODES.has(error.code)) return true;
  if (DISABLING_TYPES.has(error.type)) return true;
  if (error.param === 'PERMISSIONDENIED') return true;
  return keywords.some((keyword) => error.message.includes(keyword));
}
