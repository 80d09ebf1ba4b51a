// Where a served process's tail latency comes from: how long its event loop was held (Node's event-loop
// delay histogram) and the garbage collector's pauses, per measured run. The process watches itself
// (watchPauses, in the server's process) and the bench asks over the IPC channel (pausesOf): `reset`
// before a run, `report` after it.
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const MINOR = constants.NODE_PERFORMANCE_GC_MINOR;

/** In the served process: answers the bench's `gwPauses` messages. */
export function watchPauses() {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gcs = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      gcs.push({ minor: entry.detail?.kind === MINOR, ms: entry.duration });
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message) => {
    if (message?.gwPauses === 'reset') {
      delay.reset();
      gcs = [];
    } else if (message?.gwPauses === 'report') {
      const of = (minor) => gcs.filter((gc) => gc.minor === minor).map((gc) => gc.ms);
      const summary = (list) => ({
        count: list.length,
        maxMs: Math.max(0, ...list),
        totalMs: list.reduce((a, b) => a + b, 0),
      });
      process.send?.({
        gwPauses: {
          loopMaxMs: delay.max / 1e6,
          loopP99Ms: delay.percentile(99) / 1e6,
          minor: summary(of(true)),
          major: summary(of(false)),
        },
      });
    }
  });
}

/**
 * In the bench: asks `child` for `what` ('reset' or 'report'); resolves to the report, or undefined when the
 * child does not watch itself (a cluster's primary serves nothing) and so does not answer.
 */
export function pausesOf(child, what) {
  if (what === 'reset') {
    child.send({ gwPauses: 'reset' });
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      resolve(undefined);
    }, 500);
    const onMessage = (message) => {
      if (!message?.gwPauses) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.gwPauses);
    };
    child.on('message', onMessage);
    child.send({ gwPauses: 'report' });
  });
}

/** One line per run: the loop's longest hold and the GC pauses. */
export function pausesLine(reports) {
  const runs = reports.map((report) =>
    report
      ? `loop max ${report.loopMaxMs.toFixed(1)} (p99 ${report.loopP99Ms.toFixed(1)}), minor GC ${report.minor.count}× max ${report.minor.maxMs.toFixed(1)}, major ${report.major.count}× max ${report.major.maxMs.toFixed(1)}`
      : 'no report',
  );
  return `  gw pauses (ms) per run: ${runs.join('; ')}`;
}
