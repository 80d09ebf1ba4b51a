// The timer of a job poller (Midjourney §2.4, Suno and Kling §9.8): a pass every interval while jobs are
// open, none while none is (a submit kicks it again), one pass at a time so a manual pass and the timer's
// never overlap (no double refund either way).
import type { FastifyBaseLogger } from 'fastify';

export interface PollLoop {
  /** Makes sure a pass is scheduled (after a submit). */
  kick(): void;
  /** One pass now; resolves to the number of jobs still open. */
  pollOnce(): Promise<number>;
  /** A pass is scheduled. */
  active(): boolean;
  stop(): void;
}

/** Runs `pass` (which answers how many jobs are still open) on the loop described above. */
export function createPollLoop(
  pass: () => Promise<number>,
  options: { intervalMs: number; log: FastifyBaseLogger; name: string },
): PollLoop {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<number> | undefined;

  function pollOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick(): void {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      pollOnce().then(
        (left) => {
          timer = undefined;
          if (left > 0) kick();
        },
        (error: unknown) => {
          timer = undefined;
          options.log.error({ err: error }, `${options.name} failed; it retries at the next submit or pass`);
          kick();
        },
      );
    }, options.intervalMs);
    timer.unref();
  }

  return {
    kick,
    pollOnce,
    active: () => timer !== undefined,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
