// The two limiter contracts of spec §13 and the per-user limit's shape. Each has a memory version (one process)
// and a Redis version (every process on one Redis shares the counts); createRateLimiters picks them.

/** Milliseconds since the epoch; injected so tests control time (the Redis versions use the server's TIME). */
export type LimiterClock = () => number;

/** Per-user API limiter (spec §13.1): `rpm` comes from the user's own group (api_rate). */
export interface ApiRateLimiter {
  /** True when `userId` may make one more relay request now; the request is counted. Never rejects. */
  allow(userId: number, rpm: number): Promise<boolean>;
}

/** Per-IP sliding-log limiter (spec §13.2): at most `max` requests per `windowSeconds` per mark and IP. */
export interface IpRateLimiter {
  /** True when `ip` may make one more request under `mark` (GA, CT, …); rejects when the store fails. */
  allow(mark: string, ip: string, max: number, windowSeconds: number): Promise<boolean>;
  /**
   * Whole seconds (≥ 1) until `ip` may make a request under `mark` again; asked after a denial only, for
   * the reply's Retry-After (so a console can say "retry in N s" instead of guessing).
   */
  retryAfterSeconds(mark: string, ip: string, max: number, windowSeconds: number): Promise<number>;
}

/** Milliseconds left until a slot frees, as whole seconds, never below one. */
export function wholeSecondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The per-user window: one minute. */
export const API_WINDOW_MS = 60_000;

/** How a per-user limit of `rpm` requests a minute is enforced. */
export type ApiLimitShape =
  | { kind: 'deny' }
  /** Fixed 60 s window from its first request; allowed while the count, this request included, ≤ max. */
  | { kind: 'window'; max: number }
  /** Token bucket starting full: `ratePerSecond` tokens a second up to `capacity`; a request takes one. */
  | { kind: 'bucket'; ratePerSecond: number; capacity: number };

/**
 * rpm < 60 ⇒ fixed window (rpm 0 denies everything, fixing one-hub's memory limiter that let the first
 * request of each window through); rpm ≥ 60 ⇒ bucket of floor(rpm/60)/s holding floor(rpm·10/60), the same
 * capacity in memory and in Redis (one-hub's memory version used floor(rpm/60)·10).
 */
export function apiLimitShape(rpm: number): ApiLimitShape {
  if (!Number.isFinite(rpm) || rpm < 1) return { kind: 'deny' };
  const whole = Math.floor(rpm);
  if (whole < 60) return { kind: 'window', max: whole };
  return { kind: 'bucket', ratePerSecond: Math.floor(whole / 60), capacity: Math.floor((whole * 10) / 60) };
}
