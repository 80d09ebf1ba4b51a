// The per-user limiter shared over Redis: each decision is one Lua script, so processes never race between
// reading and writing a count. Times come from the Redis server's clock, so process clocks need not agree.
import type { Redis } from 'ioredis';
import { LuaScript } from '../redis/lua-script.js';
import { API_WINDOW_MS, type ApiRateLimiter, apiLimitShape } from './limiters.js';

// KEYS[1] count; ARGV[1] window ms. The expiry is set on the first hit, in the same step as the count.
const WINDOW_SCRIPT = new LuaScript(`
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`);

// KEYS[1] tokens, KEYS[2] last refill (ms); ARGV rate per s, capacity, key TTL s. Returns 1 = allowed.
const BUCKET_SCRIPT = new LuaScript(`
local rate = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local tokens = tonumber(redis.call('GET', KEYS[1]))
local last = tonumber(redis.call('GET', KEYS[2]))
if tokens == nil or last == nil then
  tokens = capacity
  last = now
end
tokens = math.min(capacity, tokens + math.max(0, now - last) * rate / 1000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('SET', KEYS[1], tostring(tokens), 'EX', ARGV[3])
redis.call('SET', KEYS[2], tostring(now), 'EX', ARGV[3])
return allowed`);

export interface RedisApiRateLimiterOptions {
  /** Put before every key; tests use a unique one. */
  keyPrefix?: string;
  /** Told about a Redis failure (the request is denied). */
  onError?: (error: unknown) => void;
}

export class RedisApiRateLimiter implements ApiRateLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #onError: ((error: unknown) => void) | undefined;

  constructor(redis: Redis, options: RedisApiRateLimiterOptions = {}) {
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? '';
    this.#onError = options.onError;
  }

  /** See {@link ApiRateLimiter.allow}; a Redis error denies (spec §13.1). */
  async allow(userId: number, rpm: number): Promise<boolean> {
    const shape = apiLimitShape(rpm);
    if (shape.kind === 'deny') return false;
    // The braces keep a user's keys in one cluster slot, as a multi-key script needs.
    const key = `${this.#prefix}{api-limiter:${userId}}`;
    try {
      if (shape.kind === 'window') {
        const count = await WINDOW_SCRIPT.run(this.#redis, [`${key}:count`], [API_WINDOW_MS]);
        return Number(count) <= shape.max;
      }
      const ttlSeconds = Math.max(1, Math.floor((2 * shape.capacity) / shape.ratePerSecond));
      const allowed = await BUCKET_SCRIPT.run(
        this.#redis,
        [`${key}:tokens`, `${key}:ts`],
        [shape.ratePerSecond, shape.capacity, ttlSeconds],
      );
      return allowed === 1;
    } catch (error) {
      this.#onError?.(error);
      return false;
    }
  }
}
