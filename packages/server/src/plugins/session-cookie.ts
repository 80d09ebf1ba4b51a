// The `session` cookie: a compact HMAC-signed value `<payload>.<signature>` (contract §0.3 attributes).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'session';
/** 30 days, as one-hub. */
export const SESSION_MAX_AGE_SECONDS = 2_592_000;

/** Cookie attributes of contract §0.3: Path /, Max-Age 30 days, HttpOnly, SameSite=Strict, not Secure. */
export const SESSION_COOKIE_OPTIONS = {
  path: '/',
  maxAge: SESSION_MAX_AGE_SECONDS,
  httpOnly: true,
  sameSite: 'strict',
  secure: false,
} as const;

interface SessionPayload {
  /** user id */
  u: number;
  /** issued at, unix seconds */
  t: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Encodes a signed session for a user. Only the id is kept: role and status are re-read per request. */
export function encodeSession(userId: number, secret: string, now: number): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, t: now } satisfies SessionPayload)).toString(
    'base64url',
  );
  return `${payload}.${sign(payload, secret)}`;
}

/** The user id of a valid, unexpired session cookie, or undefined. */
export function decodeSession(value: string, secret: string, now: number): number | undefined {
  const [payload, signature, ...rest] = value.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SessionPayload>;
    if (typeof data.u !== 'number' || typeof data.t !== 'number') return undefined;
    if (data.t + SESSION_MAX_AGE_SECONDS < now) return undefined;
    return data.u;
  } catch {
    return undefined;
  }
}
