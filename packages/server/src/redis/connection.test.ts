// Opening Redis: an unreachable server is a start-up error naming REDIS_URL; a reachable one answers and closes.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { closeRedis, openRedis } from './connection.js';
import { TEST_REDIS_URL } from './test-support/redis-test-support.js';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('openRedis', () => {
  it('Given nothing listens at the URL, Then it fails at once with a ConfigError naming REDIS_URL, password hidden', async () => {
    const url = `redis://user:secret@127.0.0.1:${await closedPort()}`;
    const failure = await openRedis(url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as ConfigError).variable).toBe('REDIS_URL');
    expect((failure as Error).message).toMatch(
      /^REDIS_URL: cannot reach Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1/,
    );
    expect((failure as Error).message).not.toContain('secret');
  });

  it.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])(
    'Given a live Redis (%s), Then it answers and closes',
    async (url) => {
      const redis = await openRedis(url);
      expect(await redis.ping()).toBe('PONG');
      await closeRedis(redis);
      expect(redis.status).toBe('end');
      // Closing twice is harmless.
      await closeRedis(redis);
    },
  );
});
