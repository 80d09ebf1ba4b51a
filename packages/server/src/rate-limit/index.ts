// The rate limiters of spec §13, memory and Redis.
export { createRateLimiters, type RateLimiters, type RateLimitersOptions } from './create-rate-limiters.js';
export { type ApiLimitShape, type ApiRateLimiter, apiLimitShape, type IpRateLimiter } from './limiters.js';
export { MemoryApiRateLimiter } from './memory-api-limiter.js';
export { MemoryIpRateLimiter } from './memory-ip-limiter.js';
export { RedisApiRateLimiter } from './redis-api-limiter.js';
export { RedisIpRateLimiter } from './redis-ip-limiter.js';
