// Big bodies' steps go one per event-loop iteration, so other sockets are served between any two of them.
import { describe, expect, it } from 'vitest';
import { takeTurn } from './big-body-turns.js';

describe('takeTurn', () => {
  it('resolves each caller in its own event-loop iteration, in call order', async () => {
    // A counter bumped once per iteration (each check phase runs the immediate queued by the previous one).
    let iteration = 0;
    let running = true;
    const tick = () => {
      iteration += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: Array<{ caller: number; iteration: number }> = [];
    await Promise.all(
      Array.from({ length: 5 }, (_, caller) =>
        takeTurn().then(() => {
          seen.push({ caller, iteration });
        }),
      ),
    );
    running = false;
    expect(seen.map((entry) => entry.caller)).toEqual([0, 1, 2, 3, 4]);
    const iterations = seen.map((entry) => entry.iteration);
    expect(new Set(iterations).size).toBe(5);
    for (let index = 1; index < iterations.length; index += 1) {
      expect(iterations[index]).toBeGreaterThan(iterations[index - 1] as number);
    }
  });
});
