// The shared stores pick memory without REDIS_URL and Redis with it; Redis ones are shared between processes.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { MemoryApiRateLimiter } from '../rate-limit/memory-api-limiter.js';
import { RedisApiRateLimiter } from '../rate-limit/redis-api-limiter.js';
import { MemoryChannelCooldowns } from '../relay/selection/cooldown.js';
import { RedisChannelCooldowns } from '../relay/selection/redis-cooldown.js';
import { TEST_REDIS_URL } from './test-support/redis-test-support.js';
import { openSharedStores } from './shared-stores.js';

describe('openSharedStores', () => {
  it('Given a Redis URL nothing answers at, Then start-up fails with a ConfigError naming REDIS_URL', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    await expect(openSharedStores(`redis://127.0.0.1:${port}`)).rejects.toThrow(ConfigError);
  });

  it('Given no Redis URL, Then every store lives in this process', async () => {
    const stores = await openSharedStores(undefined);
    expect(stores.redis).toBeUndefined();
    expect(stores.rateLimiters.api).toBeInstanceOf(MemoryApiRateLimiter);
    expect(stores.cooldowns).toBeInstanceOf(MemoryChannelCooldowns);
    let ran = 0;
    stores.invalidation.subscribe('options', () => ran++);
    await stores.invalidation.publish('options');
    expect(ran).toBe(1);
    await stores.close();
  });

  it.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])(
    'Given a Redis URL (%s), Then two processes share cooldowns through it',
    async (url) => {
      const [a, b] = [await openSharedStores(url), await openSharedStores(url)];
      // A channel id no other run picks, removed afterwards.
      const channelId = 1_000_000_000 + randomBytes(3).readUIntBE(0, 3);
      try {
        expect(a.rateLimiters.api).toBeInstanceOf(RedisApiRateLimiter);
        expect(a.cooldowns).toBeInstanceOf(RedisChannelCooldowns);
        await a.cooldowns.freeze(channelId, 'm', 30);
        expect(await b.cooldowns.frozenAmong([channelId], 'm')).toEqual(new Set([channelId]));
      } finally {
        await a.redis?.del(`cooldown:${channelId}:m`);
        await Promise.all([a.close(), b.close()]);
      }
      expect(a.redis?.status).toBe('end');
    },
  );
});
