// The per-IP sliding log of one process (spec §13.2): per mark and IP, the times of the last `max` allowed
// requests; a request is allowed while fewer than `max` fall inside the window. Idle logs are swept.
import { type IpRateLimiter, type LimiterClock, wholeSecondsUntil } from './limiters.js';

interface IpLog {
  /** Allowed request times, oldest first, at most `max` of them. */
  stamps: number[];
  windowMs: number;
}

export interface MemoryIpRateLimiterOptions {
  now?: LimiterClock;
  /** Logs whose newest entry left the window are dropped at most this often, on a call (default one minute). */
  sweepIntervalMs?: number;
}

export class MemoryIpRateLimiter implements IpRateLimiter {
  readonly #logs = new Map<string, IpLog>();
  readonly #now: LimiterClock;
  readonly #sweepIntervalMs: number;
  #sweptAt: number;

  constructor(options: MemoryIpRateLimiterOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
    this.#sweptAt = this.#now();
  }

  async allow(mark: string, ip: string, max: number, windowSeconds: number): Promise<boolean> {
    return this.allowSync(mark, ip, max, windowSeconds);
  }

  /** The same decision without a promise. */
  allowSync(mark: string, ip: string, max: number, windowSeconds: number): boolean {
    const now = this.#now();
    this.#sweep(now);
    if (!(max >= 1)) return false;
    const windowMs = windowSeconds * 1000;
    const key = `${mark}:${ip}`;
    let log = this.#logs.get(key);
    if (!log) {
      log = { stamps: [], windowMs };
      this.#logs.set(key, log);
    }
    log.windowMs = windowMs;
    const { stamps } = log;
    // With `max` stamps held, the oldest that still counts is the max-th newest.
    const oldest = stamps.length >= max ? stamps[stamps.length - max] : undefined;
    if (oldest !== undefined && now - oldest < windowMs) return false;
    stamps.push(now);
    if (stamps.length > max) stamps.splice(0, stamps.length - max);
    return true;
  }

  async retryAfterSeconds(mark: string, ip: string, max: number, windowSeconds: number): Promise<number> {
    const stamps = this.#logs.get(`${mark}:${ip}`)?.stamps ?? [];
    const oldest = stamps.length >= max ? stamps[stamps.length - max] : undefined;
    if (oldest === undefined) return 1;
    return wholeSecondsUntil(oldest + windowSeconds * 1000 - this.#now());
  }

  /** Logs held (for tests of the sweep). */
  get size(): number {
    return this.#logs.size;
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < this.#sweepIntervalMs) return;
    this.#sweptAt = now;
    for (const [key, log] of this.#logs) {
      const newest = log.stamps[log.stamps.length - 1];
      if (newest === undefined || now - newest >= log.windowMs) this.#logs.delete(key);
    }
  }
}
