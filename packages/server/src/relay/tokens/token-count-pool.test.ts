import { afterAll, describe, expect, it } from 'vitest';
import { createTokenCountPool } from './token-count-pool.js';
import { countTextTokens } from './text-tokens.js';

const exact = { approximate: false };

describe('token count pool (issue 8: counting off the event loop)', () => {
  // Deadlines far past a worker's start, which takes seconds on a busy machine (the worker runs niced).
  const pool = createTokenCountPool({ size: 1, queueLimit: 4, timeoutMs: 60_000 });
  afterAll(() => pool.close());

  it('Given pieces, then a worker answers their summed count, the same as counting them in line', async () => {
    const pieces = ['The quick brown fox ', 'jumps over the lazy dog.', '你好，世界！'];
    const inline = pieces.reduce((sum, piece) => sum + countTextTokens('gpt-4', piece, exact), 0);
    expect(await pool.count('cl100k_base', pieces, -1)).toBe(inline);
    expect(await pool.count('o200k_base', ['你好，世界！'], -1)).toBe(4);
    expect(pool.stats()).toEqual({ counted: 2, estimated: 0, workersStarted: 1 });
  }, 120_000);

  it('Given tasks past their deadline while the worker still starts, then they get their estimates and the worker is kept', async () => {
    // 1 ms: no worker loads its encodings that fast, so every task here expires before a worker is ready.
    const hasty = createTokenCountPool({ size: 1, queueLimit: 4, timeoutMs: 1 });
    try {
      const results: number[] = [];
      for (const estimate of [7, 8, 9]) results.push(await hasty.count('cl100k_base', ['hi'], estimate));
      expect(results).toEqual([7, 8, 9]);
      // A starting worker was ended by each deadline before: on a busy machine no worker ever got ready.
      expect(hasty.stats()).toEqual({ counted: 0, estimated: 3, workersStarted: 1 });
    } finally {
      await hasty.close();
    }
  });

  it('Given a task that overruns its deadline in a ready worker, then it gets its estimate and the worker is replaced', async () => {
    const overrun = createTokenCountPool({ size: 1, queueLimit: 4, timeoutMs: 3_000 });
    try {
      // Ready once a count comes back counted (a start on a busy machine may outlast a few deadlines).
      await expect.poll(() => overrun.count('cl100k_base', ['hi'], -1), { timeout: 60_000 }).toBe(1);
      // A 200,000-letter run counted whole takes tens of seconds.
      expect(await overrun.count('cl100k_base', ['q'.repeat(200_000)], 7)).toBe(7);
      expect(overrun.stats().workersStarted).toBe(1);
      // The stuck worker was ended; a new one counts the next task.
      await expect.poll(() => overrun.count('cl100k_base', ['hi'], -1), { timeout: 60_000 }).toBe(1);
      expect(overrun.stats().workersStarted).toBe(2);
    } finally {
      await overrun.close();
    }
  }, 180_000);

  it('Given a full queue, then a task resolves to its estimate at once', async () => {
    const tiny = createTokenCountPool({ size: 1, queueLimit: 0, timeoutMs: 10_000 });
    try {
      expect(await tiny.count('cl100k_base', ['hello world'], 42)).toBe(42);
      expect(tiny.stats()).toEqual({ counted: 0, estimated: 1, workersStarted: 0 });
    } finally {
      await tiny.close();
    }
  });
});
