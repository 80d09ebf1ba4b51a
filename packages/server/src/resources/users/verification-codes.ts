// Short-lived codes and link tokens sent by e-mail (registration code, password-reset link): a code is
// good for a few minutes, once, and only for the address it was sent to. Kept in the database, so the
// process that checks a code need not be the one that mailed it (`gw serve --workers N`); only hashes are
// stored, so a copy of the table opens no account.
import { createHash, timingSafeEqual } from 'node:crypto';
import { nowSeconds } from '@gw/core';
import type { GwDb } from '../../db/database.js';

/** What a code proves: an e-mail address (registration, binding) or a password-reset request. */
export type CodePurpose = 'email' | 'password_reset';

/** Wrong guesses after which a code is dropped. */
export const MAX_CODE_ATTEMPTS = 5;

/** Issues and checks codes keyed by purpose and e-mail address. */
export interface VerificationCodes {
  /** Minutes a code stays valid (the mails say so). */
  readonly validMinutes: number;
  /** Stores `code` for `address`, replacing an earlier one. */
  issue(purpose: CodePurpose, address: string, code: string): Promise<void>;
  /** True when `code` is the live code for `address`; a good code is used up, wrong ones count. */
  consume(purpose: CodePurpose, address: string, code: string): Promise<boolean>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The store on `db`; `now` is injectable so tests can move time. */
export function createVerificationCodes(
  db: GwDb,
  options: { validMinutes?: number; now?: () => number } = {},
): VerificationCodes {
  const validMinutes = options.validMinutes ?? 10;
  const now = options.now ?? nowSeconds;
  const idOf = (purpose: CodePurpose, address: string) => sha256(`${purpose}:${address.toLowerCase()}`);
  const drop = (id: string) => db.deleteFrom('verification_codes').where('id', '=', id).execute();
  return {
    validMinutes,
    async issue(purpose, address, code) {
      const at = now();
      const id = idOf(purpose, address);
      const row = { code_hash: sha256(code), expires_at: at + validMinutes * 60, attempts: 0 };
      await db.deleteFrom('verification_codes').where('expires_at', '<=', at).execute();
      await drop(id);
      try {
        await db
          .insertInto('verification_codes')
          .values({ id, ...row })
          .execute();
      } catch {
        // Another process issued one for the same address between the delete and the insert: this one wins.
        await db.updateTable('verification_codes').set(row).where('id', '=', id).execute();
      }
    },
    async consume(purpose, address, code) {
      if (!code) return false;
      const id = idOf(purpose, address);
      const entry = await db
        .selectFrom('verification_codes')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!entry) return false;
      if (Number(entry.expires_at) <= now()) {
        await drop(id);
        return false;
      }
      const hash = sha256(code);
      if (!sameHash(entry.code_hash, hash)) {
        if (entry.attempts + 1 >= MAX_CODE_ATTEMPTS) await drop(id);
        else
          await db
            .updateTable('verification_codes')
            .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
            .where('id', '=', id)
            .execute();
        return false;
      }
      // Whoever deletes the row used the code: two requests racing with one code get it once.
      const deleted = await db
        .deleteFrom('verification_codes')
        .where('id', '=', id)
        .where('code_hash', '=', hash)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },
  };
}
