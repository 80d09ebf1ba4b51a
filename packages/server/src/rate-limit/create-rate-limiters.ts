// Picks the limiters: Redis-backed when a connection is given (shared by every process), else in memory.
// Built from the live connection, so they are never the per-process limiters one-hub builds before Redis
// is up (spec §1.1 quirk).
import type { Redis } from 'ioredis';
import type { ApiRateLimiter, IpRateLimiter, LimiterClock } from './limiters.js';
import { MemoryApiRateLimiter } from './memory-api-limiter.js';
import { MemoryIpRateLimiter } from './memory-ip-limiter.js';
import { RedisApiRateLimiter } from './redis-api-limiter.js';
import { RedisIpRateLimiter } from './redis-ip-limiter.js';

export interface RateLimiters {
  api: ApiRateLimiter;
  ip: IpRateLimiter;
}

export interface RateLimitersOptions {
  /** Redis only: put before every key. */
  keyPrefix?: string;
  /** Redis only: told when the per-user limiter denied because Redis failed. */
  onError?: (error: unknown) => void;
  /** Memory only: the clock. */
  now?: LimiterClock;
}

export function createRateLimiters(redis?: Redis, options: RateLimitersOptions = {}): RateLimiters {
  if (redis) {
    return {
      api: new RedisApiRateLimiter(redis, { keyPrefix: options.keyPrefix, onError: options.onError }),
      ip: new RedisIpRateLimiter(redis, { keyPrefix: options.keyPrefix }),
    };
  }
  return {
    api: new MemoryApiRateLimiter({ now: options.now }),
    ip: new MemoryIpRateLimiter({ now: options.now }),
  };
}
