// Short-lived codes and link tokens sent by e-mail (registration code, password-reset link), kept in
// memory: a code is good for a few minutes, once, and only for the address it was sent to.
import { timingSafeEqual } from 'node:crypto';
import { nowSeconds } from '@gw/core';

/** What a code proves: an e-mail address (registration, binding) or a password-reset request. */
export type CodePurpose = 'email' | 'password_reset';

/** Wrong guesses after which a code is dropped (there is no rate limit yet to slow a brute force). */
export const MAX_CODE_ATTEMPTS = 5;

/** Issues and checks codes keyed by purpose and e-mail address. */
export interface VerificationCodes {
  /** Minutes a code stays valid (the mails say so). */
  readonly validMinutes: number;
  /** Stores `code` for `address`, replacing an earlier one. */
  issue(purpose: CodePurpose, address: string, code: string): void;
  /** True when `code` is the live code for `address`; a good code is used up, wrong ones count. */
  consume(purpose: CodePurpose, address: string, code: string): boolean;
}

interface Entry {
  code: string;
  expiresAt: number;
  attempts: number;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An in-memory store (one process); `now` is injectable so tests can move time. */
export function createVerificationCodes(
  options: { validMinutes?: number; now?: () => number } = {},
): VerificationCodes {
  const validMinutes = options.validMinutes ?? 10;
  const now = options.now ?? nowSeconds;
  const entries = new Map<string, Entry>();
  const keyOf = (purpose: CodePurpose, address: string) => `${purpose}:${address.toLowerCase()}`;
  function prune(at: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  }
  return {
    validMinutes,
    issue(purpose, address, code) {
      const at = now();
      prune(at);
      entries.set(keyOf(purpose, address), { code, expiresAt: at + validMinutes * 60, attempts: 0 });
    },
    consume(purpose, address, code) {
      const key = keyOf(purpose, address);
      const entry = entries.get(key);
      if (!entry || !code) return false;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return false;
      }
      if (!sameText(entry.code, code)) {
        entry.attempts += 1;
        if (entry.attempts >= MAX_CODE_ATTEMPTS) entries.delete(key);
        return false;
      }
      entries.delete(key);
      return true;
    },
  };
}
