// Everything several processes on one database must share, opened once at start-up: with REDIS_URL the
// Redis-backed rate limiters, channel cooldowns and invalidation bus; without it their in-memory versions,
// which make one process complete on its own.
import { createRateLimiters, type RateLimiters } from '../rate-limit/create-rate-limiters.js';
import { type InFlightStore, MemoryInFlightStore } from '../relay/billing/in-flight.js';
import { RedisInFlightStore } from '../relay/billing/redis-in-flight.js';
import { type ChannelCooldowns, MemoryChannelCooldowns } from '../relay/selection/cooldown.js';
import { RedisChannelCooldowns } from '../relay/selection/redis-cooldown.js';
import { memoryThrottleStore, redisThrottleStore, type ThrottleStore } from '../sign-in/login-throttle.js';
import { closeRedis, openRedis, type Redis } from './connection.js';
import {
  createMemoryInvalidationBus,
  createRedisInvalidationBus,
  INVALIDATION_CHANNEL,
  type InvalidationBus,
} from './invalidation-bus.js';

export interface SharedStores {
  /** The command connection, when Redis is configured. */
  redis: Redis | undefined;
  rateLimiters: RateLimiters;
  cooldowns: ChannelCooldowns;
  invalidation: InvalidationBus;
  /** Running requests' claims on balances, counted by every process. */
  inFlight: InFlightStore;
  /** Sign-in failure counts and locks, so the back-off holds however many processes answer. */
  loginThrottle: ThrottleStore;
  /** Closes the Redis connections (nothing to do in memory). */
  close(): Promise<void>;
}

export interface SharedStoresOptions {
  /** Put before every key and the pub/sub channel, so deployments (or test runs) can share one Redis. */
  keyPrefix?: string;
  /** Told about Redis failures after start-up: a lost connection, a limiter that denied for it, a listener. */
  onError?: (error: unknown) => void;
  /** This process's node id (GW_NODE_ID), which the in-flight store tags its settled claims with. */
  nodeId?: string;
}

/** Opens the stores; throws a ConfigError naming REDIS_URL when Redis is configured but unreachable. */
export async function openSharedStores(
  redisUrl: string | undefined,
  options: SharedStoresOptions = {},
): Promise<SharedStores> {
  const onError = options.onError;
  if (!redisUrl) {
    return {
      redis: undefined,
      rateLimiters: createRateLimiters(),
      cooldowns: new MemoryChannelCooldowns(),
      invalidation: createMemoryInvalidationBus({ onError }),
      inFlight: new MemoryInFlightStore(),
      loginThrottle: memoryThrottleStore(),
      close: async () => {},
    };
  }
  const redis = await openRedis(redisUrl, { onError });
  let invalidation: InvalidationBus;
  try {
    invalidation = await createRedisInvalidationBus(redisUrl, {
      onError,
      channel: `${options.keyPrefix ?? ''}${INVALIDATION_CHANNEL}`,
    });
  } catch (error) {
    await closeRedis(redis);
    throw error;
  }
  const inFlight = new RedisInFlightStore(redis, {
    keyPrefix: options.keyPrefix,
    nodeId: options.nodeId ?? 'main',
    onError,
  });
  return {
    redis,
    rateLimiters: createRateLimiters(redis, { onError, keyPrefix: options.keyPrefix }),
    cooldowns: new RedisChannelCooldowns(redis, { keyPrefix: options.keyPrefix }),
    invalidation,
    inFlight,
    loginThrottle: redisThrottleStore(redis, options.keyPrefix),
    close: async () => {
      await inFlight.close();
      await Promise.all([invalidation.close(), closeRedis(redis)]);
    },
  };
}
