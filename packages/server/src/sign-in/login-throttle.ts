// Sign-in throttling with back-off (issue 15), per account and per client IP. The per-IP Critical limiter
// alone allowed 20 tries per 20 minutes from one address and any number across addresses for one account.
// Here every failed password counts against the name typed and against the address: past a few free
// failures each further one locks that key for twice as long as the last (capped). A locked name is refused
// before the password is checked, and a name is a key whether or not such an account exists, so the reply
// never tells which accounts exist. A successful sign-in clears its account's failures.
import type { Redis } from '../redis/connection.js';

export interface LoginThrottleLimits {
  /** Failures of one account (the name typed) before back-off starts (LOGIN_ACCOUNT_FAILURES). */
  accountFailures: number;
  /** Failures from one IP before back-off starts (LOGIN_IP_FAILURES). */
  ipFailures: number;
  /** The longest lock, in seconds (LOGIN_BACKOFF_MAX). */
  maxLockSeconds: number;
}

/** The first lock past the free failures; each further failure doubles it. */
const FIRST_LOCK_SECONDS = 5;
/** Failures are forgotten this long after the last one. */
const FORGET_AFTER_SECONDS = 3600;

/** Where failure counts and locks live: memory in one process, Redis across processes. */
export interface ThrottleStore {
  /** Milliseconds left on the key's lock, 0 when none. */
  lockedFor(key: string, nowMs: number): Promise<number>;
  /** Counts a failure; returns the count since the key was last forgotten. */
  fail(key: string, nowMs: number): Promise<number>;
  lock(key: string, ms: number, nowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Seconds of the lock a failure set on the account (the name typed) and on the address; 0 when none. */
export interface ThrottleLocks {
  account: number;
  ip: number;
}

export interface LoginThrottle {
  /** Seconds the caller must wait before trying `login` from `ip`, 0 when they may try now. */
  waitSeconds(login: string, ip: string): Promise<number>;
  /** Counts a failure; answers the locks it set (0: none), which the audit trail records. */
  failed(login: string, ip: string): Promise<ThrottleLocks>;
  succeeded(login: string): Promise<void>;
}

/** The lock after the `count`-th failure of a key allowed `free` failures. */
export function lockSeconds(count: number, free: number, maxLockSeconds: number): number {
  if (count <= free) return 0;
  return Math.min(maxLockSeconds, FIRST_LOCK_SECONDS * 2 ** Math.min(30, count - free - 1));
}

export function createLoginThrottle(
  store: ThrottleStore,
  limits: LoginThrottleLimits,
  now: () => number = Date.now,
): LoginThrottle {
  // Names are matched as the sign-in matches them; case-folded so "Root" and "root" share a count.
  const accountKey = (login: string) => `login:account:${login.trim().toLowerCase()}`;
  const ipKey = (ip: string) => `login:ip:${ip}`;
  return {
    async waitSeconds(login, ip) {
      const at = now();
      const ms = Math.max(await store.lockedFor(accountKey(login), at), await store.lockedFor(ipKey(ip), at));
      return Math.ceil(ms / 1000);
    },
    async failed(login, ip) {
      const at = now();
      const locks: ThrottleLocks = { account: 0, ip: 0 };
      for (const [which, key, free] of [
        ['account', accountKey(login), limits.accountFailures],
        ['ip', ipKey(ip), limits.ipFailures],
      ] as const) {
        const seconds = lockSeconds(await store.fail(key, at), free, limits.maxLockSeconds);
        if (seconds > 0) await store.lock(key, seconds * 1000, at);
        locks[which] = seconds;
      }
      return locks;
    },
    succeeded(login) {
      return store.clear(accountKey(login));
    },
  };
}

/** One process's counts (no REDIS_URL). */
export function memoryThrottleStore(): ThrottleStore {
  const entries = new Map<string, { count: number; forgetAt: number; lockedUntil: number }>();
  const live = (key: string, nowMs: number) => {
    const entry = entries.get(key);
    if (entry && entry.forgetAt <= nowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async lockedFor(key, nowMs) {
      return Math.max(0, (live(key, nowMs)?.lockedUntil ?? 0) - nowMs);
    },
    async fail(key, nowMs) {
      const entry = live(key, nowMs) ?? { count: 0, forgetAt: 0, lockedUntil: 0 };
      entry.count += 1;
      entry.forgetAt = nowMs + FORGET_AFTER_SECONDS * 1000;
      entries.set(key, entry);
      return entry.count;
    },
    async lock(key, ms, nowMs) {
      const entry = live(key, nowMs);
      if (entry) entry.lockedUntil = nowMs + ms;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

/** Counts shared by every process on one Redis. Redis keeps its own clock for the expiries. */
export function redisThrottleStore(redis: Redis, keyPrefix = ''): ThrottleStore {
  const countKey = (key: string) => `${keyPrefix}${key}:failures`;
  const lockKey = (key: string) => `${keyPrefix}${key}:lock`;
  return {
    async lockedFor(key) {
      return Math.max(0, await redis.pttl(lockKey(key)));
    },
    async fail(key) {
      const result = await redis
        .multi()
        .incr(countKey(key))
        .expire(countKey(key), FORGET_AFTER_SECONDS)
        .exec();
      return Number(result?.[0]?.[1] ?? 0);
    },
    async lock(key, ms) {
      await redis.set(lockKey(key), '1', 'PX', Math.max(1, Math.round(ms)));
    },
    async clear(key) {
      await redis.del(countKey(key), lockKey(key));
    },
  };
}
