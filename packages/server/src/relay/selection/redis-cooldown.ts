// Channel cooldowns in Redis, so a channel frozen by one process is skipped by all of them (one-hub keeps
// them per process, spec §14.5). Keys `cooldown:<channelId>:<model>` (`*` = every model) expire by PX.
import type { Redis } from 'ioredis';
import { LuaScript } from '../../redis/lua-script.js';
import { type ChannelCooldowns, cooldownKey } from './cooldown.js';

// Extends the expiry only: a short freeze must not cut a longer one short (as the memory registry does).
const FREEZE_SCRIPT = new LuaScript(`
local ttl = redis.call('PTTL', KEYS[1])
if ttl < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 1`);

export interface RedisChannelCooldownsOptions {
  /** Put before every key; tests use a unique one. */
  keyPrefix?: string;
}

/** Cooldowns shared by every process on one Redis. Redis errors reach the caller. */
export class RedisChannelCooldowns implements ChannelCooldowns {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, options: RedisChannelCooldownsOptions = {}) {
    this.#redis = redis;
    this.#prefix = options.keyPrefix ?? '';
  }

  /** See {@link ChannelCooldowns.freeze}. */
  async freeze(channelId: number, model: string | undefined, seconds: number): Promise<void> {
    if (!(seconds > 0)) return;
    const ms = Math.max(1, Math.round(seconds * 1000));
    await FREEZE_SCRIPT.run(this.#redis, [this.#key(channelId, model)], [ms]);
  }

  /** See {@link ChannelCooldowns.frozenAmong}: one MGET of the model key and the every-model key per id. */
  async frozenAmong(channelIds: readonly number[], model: string): Promise<ReadonlySet<number>> {
    if (channelIds.length === 0) return new Set();
    const keys = channelIds.flatMap((id) => [this.#key(id, model), this.#key(id)]);
    const values = await this.#redis.mget(keys);
    const frozen = new Set<number>();
    channelIds.forEach((id, index) => {
      if (values[2 * index] !== null || values[2 * index + 1] !== null) frozen.add(id);
    });
    return frozen;
  }

  #key(channelId: number, model?: string): string {
    return `${this.#prefix}cooldown:${cooldownKey(channelId, model)}`;
  }
}
