// Channel cooldowns (behaviour spec §7.2 step 3): a failed channel is frozen for a while per model,
// or for every model. The in-memory registry serves one process; a Redis-backed one implements the
// same interface so several processes share cooldowns.

/** Where cooldowns live; async so a Redis implementation fits behind it. */
export interface ChannelCooldowns {
  /** Freezes the channel for `model` (or every model when undefined) for `seconds`; 0 or less does nothing. */
  freeze(channelId: number, model: string | undefined, seconds: number): Promise<void>;
  /** The ids among `channelIds` frozen for `model` right now (one round trip for a remote store). */
  frozenAmong(channelIds: readonly number[], model: string): Promise<ReadonlySet<number>>;
}

/** Milliseconds since the epoch; injected so tests control time. */
export type CooldownClock = () => number;

/** One process's cooldowns in a Map, expired lazily on read and swept on write. */
export class MemoryChannelCooldowns implements ChannelCooldowns {
  readonly #until = new Map<string, number>();
  readonly #now: CooldownClock;

  constructor(now: CooldownClock = Date.now) {
    this.#now = now;
  }

  /** See {@link ChannelCooldowns.freeze}; a later expiry wins over an earlier one. */
  async freeze(channelId: number, model: string | undefined, seconds: number): Promise<void> {
    this.freezeSync(channelId, model, seconds);
  }

  /** See {@link ChannelCooldowns.frozenAmong}. */
  async frozenAmong(channelIds: readonly number[], model: string): Promise<ReadonlySet<number>> {
    return new Set(channelIds.filter((id) => this.isFrozen(id, model)));
  }

  /** The synchronous freeze the in-process hot path can use directly. */
  freezeSync(channelId: number, model: string | undefined, seconds: number): void {
    if (!(seconds > 0)) return;
    const now = this.#now();
    this.#sweep(now);
    const key = cooldownKey(channelId, model);
    const until = now + seconds * 1000;
    if ((this.#until.get(key) ?? 0) < until) this.#until.set(key, until);
  }

  /** True while the channel is frozen for this model or for every model. */
  isFrozen(channelId: number, model: string): boolean {
    const now = this.#now();
    return this.#active(cooldownKey(channelId, model), now) || this.#active(cooldownKey(channelId), now);
  }

  /** How many cooldown entries are held (expired ones included until the next sweep). */
  get size(): number {
    return this.#until.size;
  }

  #active(key: string, now: number): boolean {
    const until = this.#until.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.#until.delete(key);
    return false;
  }

  #sweep(now: number): void {
    for (const [key, until] of this.#until) if (until <= now) this.#until.delete(key);
  }
}

/** The cooldown key shared by every implementation: `<channelId>:<model>`, or `<channelId>:*` for all. */
export function cooldownKey(channelId: number, model?: string): string {
  return `${channelId}:${model ?? '*'}`;
}
