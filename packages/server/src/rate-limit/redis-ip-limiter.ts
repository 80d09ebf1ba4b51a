// The per-IP sliding log shared over Redis: list `rateLimit:<mark>:<ip>`, newest first, trimmed to `max`,
// decided and updated in one Lua script so two processes cannot both take the last slot.
import type { Redis } from 'ioredis';
import { LuaScript } from '../redis/lua-script.js';
import { type IpRateLimiter, wholeSecondsUntil } from './limiters.js';

// KEYS[1] log; ARGV max, window ms. Returns 1 = allowed. The key lives one window after its newest entry:
// by then every entry is too old to count.
const SLIDING_LOG_SCRIPT = new LuaScript(`
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if redis.call('LLEN', KEYS[1]) >= max then
  local oldest = tonumber(redis.call('LINDEX', KEYS[1], max - 1))
  if oldest ~= nil and now - oldest < window then return 0 end
end
redis.call('LPUSH', KEYS[1], now)
redis.call('LTRIM', KEYS[1], 0, max - 1)
redis.call('PEXPIRE', KEYS[1], window)
return 1`);

// KEYS[1] log; ARGV max, window ms. Milliseconds until the max-th newest entry leaves the window (0: now).
const WAIT_SCRIPT = new LuaScript(`
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local oldest = tonumber(redis.call('LINDEX', KEYS[1], max - 1))
if oldest == nil then return 0 end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local wait = oldest + window - now
if wait < 0 then return 0 end
return wait`);

export interface RedisIpRateLimiterOptions {
  /** Put before every key; tests use a unique one. */
  keyPrefix?: string;
}

export class RedisIpRateLimiter implements IpRateLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, options: RedisIpRateLimiterOptions = {}) {
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? '';
  }

  /** See {@link IpRateLimiter.allow}; a Redis error rejects (the plugin answers 500, spec §13.2). */
  async allow(mark: string, ip: string, max: number, windowSeconds: number): Promise<boolean> {
    if (!(max >= 1)) return false;
    const key = `${this.#prefix}rateLimit:${mark}:${ip}`;
    const windowMs = Math.max(1, Math.round(windowSeconds * 1000));
    const allowed = await SLIDING_LOG_SCRIPT.run(this.#redis, [key], [Math.floor(max), windowMs]);
    return allowed === 1;
  }

  async retryAfterSeconds(mark: string, ip: string, max: number, windowSeconds: number): Promise<number> {
    const key = `${this.#prefix}rateLimit:${mark}:${ip}`;
    const windowMs = Math.max(1, Math.round(windowSeconds * 1000));
    const wait = await WAIT_SCRIPT.run(this.#redis, [key], [Math.max(1, Math.floor(max)), windowMs]);
    return wholeSecondsUntil(Number(wait));
  }
}
