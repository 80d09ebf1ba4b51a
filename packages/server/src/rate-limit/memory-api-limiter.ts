// The per-user limiter of one process: a fixed window or a token bucket per user, in Maps swept of idle users.
import { API_WINDOW_MS, type ApiRateLimiter, apiLimitShape, type LimiterClock } from './limiters.js';

interface WindowState {
  startedAt: number;
  count: number;
}

interface BucketState {
  tokens: number;
  at: number;
  ratePerSecond: number;
  capacity: number;
}

export interface MemoryApiRateLimiterOptions {
  now?: LimiterClock;
  /** Idle users are dropped at most this often, on a call (default one minute). */
  sweepIntervalMs?: number;
}

export class MemoryApiRateLimiter implements ApiRateLimiter {
  readonly #windows = new Map<number, WindowState>();
  readonly #buckets = new Map<number, BucketState>();
  readonly #now: LimiterClock;
  readonly #sweepIntervalMs: number;
  #sweptAt: number;

  constructor(options: MemoryApiRateLimiterOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
    this.#sweptAt = this.#now();
  }

  async allow(userId: number, rpm: number): Promise<boolean> {
    return this.allowSync(userId, rpm);
  }

  /** The same decision without a promise. */
  allowSync(userId: number, rpm: number): boolean {
    const now = this.#now();
    this.#sweep(now);
    const shape = apiLimitShape(rpm);
    if (shape.kind === 'deny') return false;
    if (shape.kind === 'window') {
      let state = this.#windows.get(userId);
      if (!state || now - state.startedAt >= API_WINDOW_MS) {
        state = { startedAt: now, count: 0 };
        this.#windows.set(userId, state);
      }
      state.count += 1;
      return state.count <= shape.max;
    }
    const { ratePerSecond, capacity } = shape;
    const previous = this.#buckets.get(userId);
    const state: BucketState = previous
      ? { ...refilled(previous, now), ratePerSecond, capacity }
      : { tokens: capacity, at: now, ratePerSecond, capacity };
    state.tokens = Math.min(state.tokens, capacity);
    const allowed = state.tokens >= 1;
    if (allowed) state.tokens -= 1;
    this.#buckets.set(userId, state);
    return allowed;
  }

  /** Users with state held (for tests of the sweep). */
  get size(): number {
    return this.#windows.size + this.#buckets.size;
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < this.#sweepIntervalMs) return;
    this.#sweptAt = now;
    for (const [userId, state] of this.#windows) {
      if (now - state.startedAt >= API_WINDOW_MS) this.#windows.delete(userId);
    }
    // A full bucket is the same as no bucket.
    for (const [userId, state] of this.#buckets) {
      if (refilled(state, now).tokens >= state.capacity) this.#buckets.delete(userId);
    }
  }
}

/** The bucket at `now`: elapsed seconds × rate added, capped at capacity. */
function refilled(state: BucketState, now: number): BucketState {
  const elapsedMs = Math.max(0, now - state.at);
  const tokens = Math.min(state.capacity, state.tokens + (elapsedMs * state.ratePerSecond) / 1000);
  return { ...state, tokens, at: now };
}
