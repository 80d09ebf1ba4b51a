// Where signed-in sessions live (issue 15): the cookie carries a random token; the store keeps its hash
// with the user and two clocks, so a session can be ended on the server — by signing out, by a change
// to the user's credentials or rank, or by its idle or absolute lifetime — and every process sharing the
// database (or Redis) sees it at once.
import { createHash, randomBytes } from 'node:crypto';

export interface SessionLifetimes {
  /** Seconds from sign-in after which a session ends whatever its use (SESSION_MAX_AGE). */
  maxAgeSeconds: number;
  /** Seconds without a request after which a session ends; 0 = never (SESSION_IDLE_TIMEOUT). */
  idleSeconds: number;
}

export interface SessionStore {
  /** Starts a session for a user; returns the token for the cookie (only its hash is stored). */
  create(userId: number, now: number): Promise<string>;
  /** The user of a live session, noting its use; undefined (and the record gone) once it has ended. */
  resolve(token: string, now: number): Promise<number | undefined>;
  /** Ends one session. */
  end(token: string): Promise<void>;
  /**
   * Ends every session of a user (credentials, rank or status changed; "sign out everywhere"), except
   * `keep` when given: the caller's own session, after a change they made themselves.
   */
  endAllOf(userId: number, keep?: string): Promise<void>;
}

/** A fresh cookie token: 32 random bytes. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What a store keys a session by: the token's SHA-256, so a leaked table opens no session. */
export function sessionKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token of the right shape only (a stale signed cookie of older versions is simply no session). */
export function isSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Whether a session with these clocks is still live at `now`. */
export function sessionLive(
  session: { createdAt: number; lastSeenAt: number },
  now: number,
  lifetimes: SessionLifetimes,
): boolean {
  if (now >= session.createdAt + lifetimes.maxAgeSeconds) return false;
  return lifetimes.idleSeconds === 0 || now < session.lastSeenAt + lifetimes.idleSeconds;
}

/**
 * How stale the last-seen clock may get before a request writes it again: a write per request would
 * cost a query each; a minute (less for short idle limits) keeps the idle limit exact to that much.
 */
export function touchInterval(lifetimes: SessionLifetimes): number {
  if (lifetimes.idleSeconds === 0) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.min(60, Math.floor(lifetimes.idleSeconds / 10)));
}
