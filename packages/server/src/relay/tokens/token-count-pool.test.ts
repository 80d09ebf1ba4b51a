import { afterAll, describe, expect, it } from 'vitest';
import { createTokenCountPool } from './token-count-pool.js';
import { countTextTokens } from './text-tokens.js';

const exact = { approximate: false };

describe('token count pool (issue 8: counting off the event loop)', () => {
  const pool = createTokenCountPool({ size: 1, queueLimit: 4, timeoutMs: 10_000 });
  afterAll(() => pool.close());

  it('Given pieces, then a worker answers their summed count, the same as counting them in line', async () => {
    const pieces = ['The quick brown fox ', 'jumps over the lazy dog.', '你好，世界！'];
    const inline = pieces.reduce((sum, piece) => sum + countTextTokens('gpt-4', piece, exact), 0);
    expect(await pool.count('cl100k_base', pieces, -1)).toBe(inline);
    expect(await pool.count('o200k_base', ['你好，世界！'], -1)).toBe(4);
    expect(pool.stats()).toEqual({ counted: 2, estimated: 0 });
  });

  it('Given a task past its deadline, then it resolves to the estimate and the next task gets a new worker', async () => {
    const hasty = createTokenCountPool({ size: 1, queueLimit: 4, timeoutMs: 1 });
    const slowText = 'q'.repeat(200_000);
    try {
      const results = await Promise.all([
        hasty.count('cl100k_base', [slowText], 7),
        hasty.count('cl100k_base', ['hi'], 9),
      ]);
      expect(results).toEqual([7, 9]);
      expect(hasty.stats()).toEqual({ counted: 0, estimated: 2 });
    } finally {
      await hasty.close();
    }
  });

  it('Given a full queue, then a task resolves to its estimate at once', async () => {
    const tiny = createTokenCountPool({ size: 1, queueLimit: 0, timeoutMs: 10_000 });
    try {
      expect(await tiny.count('cl100k_base', ['hello world'], 42)).toBe(42);
      expect(tiny.stats()).toEqual({ counted: 0, estimated: 1 });
    } finally {
      await tiny.close();
    }
  });
});
