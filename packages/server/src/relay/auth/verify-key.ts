// Recognises a relay key's format (behaviour spec §3.2) and checks what can be checked without the
// database: the current format's signature and ids. The caller then loads the token row by key
// (and, for legacy keys with Redis on, requires the key in the `old_user_tokens_cache` set).
import { timingSafeEqual } from 'node:crypto';
import {
  decodeTokenKeyPayload,
  signTokenKeyPayload,
  TOKEN_KEY_LENGTH,
  TOKEN_KEY_PAYLOAD_LENGTH,
} from '../../resources/tokens/token-key.js';
import { type RelayAuthResult, relayRefusal } from './refusal.js';

/** Length of a legacy (random, alphanumeric) key. */
export const LEGACY_TOKEN_KEY_LENGTH = 48;

/** A key whose format checks passed: what the token lookup needs. */
export type VerifiedKey =
  | { format: 'current'; key: string; tokenId: number; userId: number }
  | { format: 'legacy'; key: string };

/** Verifies a key (without `sk-` or pin suffix) against the user-token secret; 401 "invalid token" otherwise. */
export function verifyRelayKey(key: string, secret: string): RelayAuthResult<VerifiedKey> {
  if (key.length === LEGACY_TOKEN_KEY_LENGTH) {
    return /^[0-9A-Za-z]+$/.test(key) ? { ok: true, format: 'legacy', key } : invalid();
  }
  if (key.length !== TOKEN_KEY_LENGTH || key[TOKEN_KEY_PAYLOAD_LENGTH] !== '_') return invalid();
  // Split by position: the base64url signature may itself contain '_', the Sqids payload never does.
  const payload = key.slice(0, TOKEN_KEY_PAYLOAD_LENGTH);
  const signature = Buffer.from(key.slice(TOKEN_KEY_PAYLOAD_LENGTH + 1));
  const expected = Buffer.from(signTokenKeyPayload(payload, secret));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return invalid();
  const ids = decodeTokenKeyPayload(payload);
  const [tokenId = 0, userId = 0] = ids;
  if (ids.length !== 2 || tokenId <= 0 || userId <= 0) return invalid();
  return { ok: true, format: 'current', key, tokenId, userId };
}

function invalid() {
  return relayRefusal(401, 'relay.key.invalid');
}
