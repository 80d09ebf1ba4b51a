import { nowSeconds, parseTimestamp, quotaFromMoney, TOKEN_NEVER_EXPIRES } from '@gw/core';
import { CliError } from '../../output/cli-error.js';

/** The flag that sets each token field, so validation messages name what the user typed. */
export const TOKEN_FLAG_NAMES: Record<string, string> = {
  name: '--name',
  remain_quota: '--quota',
  unlimited_quota: '--unlimited',
  expired_time: '--expires',
};

/**
 * Reads `--quota`: whole points (500000 = US$1), or a money amount written `$1.50`. Anything else
 * is passed on as NaN so the core schema reports it like any other bad number.
 */
export function parseQuotaFlag(text: string): number {
  const trimmed = text.trim();
  if (trimmed.startsWith('$')) {
    const amount = trimmed.slice(1);
    return /^\d+(\.\d+)?$/.test(amount) ? quotaFromMoney(amount) : Number.NaN;
  }
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Reads `--expires`: `never`, or a local `YYYY-MM-DD HH:mm:ss` (or ISO) time in the future. */
export function parseExpiresFlag(text: string, now: number = nowSeconds()): number {
  if (text.trim().toLowerCase() === 'never') return TOKEN_NEVER_EXPIRES;
  const value = parseTimestamp(text);
  if (value === undefined) {
    throw new CliError('usage', 'cli.errors.invalid_input', {}, [`--expires: ${text}`]);
  }
  if (value <= now) throw new CliError('usage', 'validation.token.expiry_past');
  return value;
}
