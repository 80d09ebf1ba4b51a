// Big relay bodies take turns on the event loop (issue 8, item 2): parsing a 1 MiB prompt, estimating it and
// serializing it for the upstream cost a few milliseconds each, and ten such requests arriving together
// would run back to back, holding every other request behind them for 80 ms and more. Each of those steps
// of a big body waits for its own event-loop turn instead, so between two of them the loop serves the
// other requests' I/O. Small bodies never wait.

/** Bodies of at least this many bytes take turns. */
export const BIG_BODY_CHARS = 64 * 1024;

let last: Promise<void> = Promise.resolve();

/**
 * Resolves in a later event-loop iteration than every earlier call: the callers go one per iteration, in
 * call order, with the poll phase (other sockets) in between.
 */
export function takeTurn(): Promise<void> {
  const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  last = turn;
  return turn;
}
