// API key format of contract §5.3: `<payload>_<sig>`, payload = 15-char Sqids of [token_id, user_id],
// sig = base64url HMAC-SHA256 of the payload with the server's user token secret.
import { createHmac } from 'node:crypto';
import Sqids from 'sqids';

const sqids = new Sqids({ minLength: 15 });

/** The key of a token, derived from its id and its owner's id. */
export function tokenKeyFor(tokenId: number, userId: number, secret: string): string {
  const payload = sqids.encode([tokenId, userId]);
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}_${signature}`;
}
