// One ioredis connection for the shared stores (rate limits, cooldowns, cache invalidation). Connecting is
// eager and checked: a server configured with Redis must not start and quietly run per-process limits
// (spec §1.1 step 5: a failed ping is fatal).
import { Redis } from 'ioredis';
import { ConfigError, redactUrl } from '../config.js';

export type { Redis } from 'ioredis';

export interface OpenRedisOptions {
  /** How long the first connection and ping may take, in milliseconds (default 5000). */
  connectTimeoutMs?: number;
  /** Called with errors after start-up (a dropped connection); ioredis reconnects by itself. */
  onError?: (error: Error) => void;
  /** Shown by CLIENT LIST, so an operator can tell gw's connections apart. */
  connectionName?: string;
}

/**
 * Connects to `url` and pings once. Throws a ConfigError naming REDIS_URL when the server cannot be reached,
 * so start-up stops with a clear message instead of retrying forever.
 */
export async function openRedis(url: string, options: OpenRedisOptions = {}): Promise<Redis> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  let started = false;
  const redis = new Redis(url, {
    lazyConnect: false,
    connectionName: options.connectionName ?? 'gw',
    connectTimeout: connectTimeoutMs,
    // Before the first ping succeeds a failure is final (the start-up error below); afterwards reconnect
    // with a capped back-off, as a live server must ride out a Redis restart.
    retryStrategy: (attempt) => (started ? Math.min(attempt * 200, 2000) : null),
    // A command waits for at most one reconnect attempt: rate limits answer "deny" quickly rather than hang.
    maxRetriesPerRequest: 1,
  });
  let firstError: Error | undefined;
  redis.on('error', (error: Error) => {
    if (!started) firstError ??= error;
    else options.onError?.(error);
  });
  try {
    await withTimeout(redis.ping(), connectTimeoutMs);
  } catch (error) {
    redis.disconnect();
    const reason = firstError?.message ?? (error instanceof Error ? error.message : String(error));
    throw new ConfigError('REDIS_URL', `cannot reach Redis at ${redactUrl(url)}: ${reason}`);
  }
  started = true;
  return redis;
}

/**
 * Closes a connection politely (QUIT lets pending replies arrive), or drops it when that fails, and resolves
 * once the socket is gone, so a closing server leaves nothing open behind it.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const ended = new Promise<void>((resolve) => redis.once('end', () => resolve()));
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
  await withTimeout(ended, 2000).catch(() => redis.disconnect());
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
