// The `session` cookie (contract §0.3 attributes). Its value is a random token naming a server-side
// session (sessions/session-store.ts); it carries nothing itself.

export const SESSION_COOKIE = 'session';
/** 30 days, as one-hub: the default absolute lifetime (SESSION_MAX_AGE). */
export const SESSION_MAX_AGE_SECONDS = 2_592_000;
/** 7 days without a request ends a session by default (SESSION_IDLE_TIMEOUT). */
export const SESSION_IDLE_SECONDS = 604_800;

/** Cookie attributes of contract §0.3: Path /, Max-Age the absolute lifetime, HttpOnly, SameSite=Strict, not Secure. */
export function sessionCookieOptions(maxAgeSeconds: number) {
  return {
    path: '/',
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure: false,
  } as const;
}
