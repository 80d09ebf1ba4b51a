// Kling's API token (spec §19 row "kling"): the channel key is `accessKey|secretKey`; each call carries a
// JWT signed HS256 with the secret key, issued by the access key, valid 30 minutes (5 s of clock skew
// allowed before). Signed with node:crypto.
import { createHmac } from 'node:crypto';

const LIFETIME_SECONDS = 30 * 60;
const SKEW_SECONDS = 5;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The two halves of a Kling key, or undefined when it is not `ak|sk`. */
export function splitKlingKey(key: string): { accessKey: string; secretKey: string } | undefined {
  const parts = key.split('|');
  if (parts.length !== 2) return undefined;
  const [accessKey = '', secretKey = ''] = parts.map((part) => part.trim());
  return accessKey && secretKey ? { accessKey, secretKey } : undefined;
}

/** The bearer token of a Kling call made at `nowSeconds`. */
export function klingToken(
  accessKey: string,
  secretKey: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ iss: accessKey, exp: nowSeconds + LIFETIME_SECONDS, nbf: nowSeconds - SKEW_SECONDS }),
  );
  const signature = createHmac('sha256', secretKey).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
