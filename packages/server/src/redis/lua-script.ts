// A Lua script run by its SHA1 (EVALSHA), sending the source only when the server does not know it yet
// (after a restart or SCRIPT FLUSH). A script runs atomically, which is what the shared limiters rely on.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /**
   * Runs the script with `keys` (KEYS) and `args` (ARGV); Redis errors reject. Args given as a function are
   * made as each command is sent (the source's resend after NOSCRIPT too): commands on one connection run in
   * the order sent, so values read then are as current as the script's view of Redis.
   */
  async run(
    redis: Redis,
    keys: readonly string[],
    args: readonly (string | number)[] | (() => readonly (string | number)[]),
  ): Promise<unknown> {
    const argv = typeof args === 'function' ? args : () => args;
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...argv());
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...argv());
    }
  }
}
