// API key format of contract §5.3: `<payload>_<sig>`, payload = 15-char Sqids of [token_id, user_id],
// sig = base64url HMAC-SHA256 of the payload with the server's user token secret. Minting (here) and
// the relay's verification (relay/auth/verify-key.ts) share these pieces so the format has one definition.
import { createHmac } from 'node:crypto';
import Sqids from 'sqids';

/** Length of the Sqids payload of a current-format key. */
export const TOKEN_KEY_PAYLOAD_LENGTH = 15;
/** Length of a base64url (unpadded) HMAC-SHA256 signature. */
export const TOKEN_KEY_SIGNATURE_LENGTH = 43;
/** Length of a whole current-format key: payload, `_`, signature. */
export const TOKEN_KEY_LENGTH = TOKEN_KEY_PAYLOAD_LENGTH + 1 + TOKEN_KEY_SIGNATURE_LENGTH;

const sqids = new Sqids({ minLength: TOKEN_KEY_PAYLOAD_LENGTH });

/** The Sqids payload of a key: the encoding of [tokenId, userId]. */
export function encodeTokenKeyPayload(tokenId: number, userId: number): string {
  return sqids.encode([tokenId, userId]);
}

/** The numbers a payload decodes to (empty when it is not valid Sqids). */
export function decodeTokenKeyPayload(payload: string): number[] {
  try {
    return sqids.decode(payload);
  } catch {
    return [];
  }
}

/** The base64url HMAC-SHA256 signature of a payload. */
export function signTokenKeyPayload(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** The key of a token, derived from its id and its owner's id. */
export function tokenKeyFor(tokenId: number, userId: number, secret: string): string {
  const payload = encodeTokenKeyPayload(tokenId, userId);
  return `${payload}_${signTokenKeyPayload(payload, secret)}`;
}
