// The relay bench's printed table: one row per target × mode × concurrency, then one comparison line per
// mode × concurrency with gw's throughput ratios and the latency it adds over the upstream, checked
// against the targets at concurrency 16.

/** gw ≥ 70 % of the bare proxy's throughput, added p50 ≤ 1 ms and p99 ≤ 5 ms (µs) at concurrency 16. */
export const RELAY_TARGETS = { throughputShare: 0.7, addedP50: 1000, addedP99: 5000 };

const COLUMNS = [
  ['target', 8, 'end'],
  ['mode', 8, 'end'],
  ['conc', 5, 'start'],
  ['req/s', 10, 'start'],
  ['p50 µs', 10, 'start'],
  ['p99 µs', 10, 'start'],
  ['requests', 10, 'start'],
  ['errors', 8, 'start'],
  ['CPU µs/req', 12, 'start'],
];

const cpuText = (micros) => (micros === undefined ? '-' : micros.toFixed(0));

const cells = (values, columns = COLUMNS) =>
  values
    .map((value, index) => {
      const [, width, pad] = columns[index];
      return pad === 'end' ? String(value).padEnd(width) : String(value).padStart(width);
    })
    .join('');

export function resultHeader() {
  return cells(COLUMNS.map(([title]) => title));
}

/** One measured cell; `result` as `summarize` returns it. */
export function resultRow(target, mode, concurrency, result) {
  return cells([
    target,
    mode,
    concurrency,
    result.rps.toFixed(0),
    result.p50.toFixed(0),
    result.p99.toFixed(0),
    result.count,
    result.errors,
    cpuText(result.cpuPerRequest),
  ]);
}

/** The targets a cell at concurrency 16 misses, in words (empty when all are met). */
function missedTargets(share, addedP50, addedP99) {
  const missed = [];
  if (share < RELAY_TARGETS.throughputShare) missed.push(`gw/bare ≥ ${RELAY_TARGETS.throughputShare}`);
  if (addedP50 > RELAY_TARGETS.addedP50) missed.push(`added p50 ≤ ${RELAY_TARGETS.addedP50}`);
  if (addedP99 > RELAY_TARGETS.addedP99) missed.push(`added p99 ≤ ${RELAY_TARGETS.addedP99}`);
  return missed;
}

/** gw against bare and direct for one mode and concurrency (gw undefined when it was not measured). */
export function comparisonLine(mode, concurrency, { direct, bare, gw }) {
  const label = `${mode} c${concurrency}`.padEnd(12);
  const bareAdded = `bare/direct ${(bare.rps / direct.rps).toFixed(2)}, bare added p50 ${(bare.p50 - direct.p50).toFixed(0)} p99 ${(bare.p99 - direct.p99).toFixed(0)}`;
  if (!gw) return `${label}gw not available; ${bareAdded}`;
  const share = gw.rps / bare.rps;
  const addedP50 = gw.p50 - direct.p50;
  const addedP99 = gw.p99 - direct.p99;
  let verdict = '';
  if (concurrency === 16) {
    const missed = missedTargets(share, addedP50, addedP99);
    verdict = missed.length === 0 ? '  [targets met]' : `  [missed: ${missed.join(', ')}]`;
  }
  const cpu =
    gw.cpuPerRequest === undefined || bare.cpuPerRequest === undefined
      ? ''
      : `, CPU/request gw ${cpuText(gw.cpuPerRequest)} bare ${cpuText(bare.cpuPerRequest)} µs (${(gw.cpuPerRequest / bare.cpuPerRequest).toFixed(2)}×)`;
  return `${label}gw/bare ${share.toFixed(2)}, gw/direct ${(gw.rps / direct.rps).toFixed(2)}, gw added p50 ${addedP50.toFixed(0)} p99 ${addedP99.toFixed(0)}${cpu}; ${bareAdded}${verdict}`;
}

/** Open loop: gw's added p99 over direct ≤ 2 ms in every run, no request above 10 ms (a stall). */
export const OPEN_TARGETS = { addedP99: 2000, stall: 10_000 };

const OPEN_COLUMNS = [
  ['target', 8, 'end'],
  ['rate', 6, 'start'],
  ['p50 µs', 9, 'start'],
  ['p99 µs', 9, 'start'],
  ['max µs', 9, 'start'],
  ['CPU µs/req', 12, 'start'],
  ['', 2, 'end'],
  ['per run: p99 µs (added over direct)', 0, 'end'],
];

export function openHeader() {
  return cells(
    OPEN_COLUMNS.map(([title]) => title),
    OPEN_COLUMNS,
  );
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** One open-loop target at one rate over its runs; `directRuns` the upstream's runs to add over. */
export function openRow(target, rate, runs, directRuns) {
  const all = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const perRun = runs.map((run, index) => {
    const sorted = [...run.latencies].sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    const direct = directRuns?.[index];
    if (!direct || target === 'direct') return p99.toFixed(0);
    const directP99 = percentile(
      [...direct.latencies].sort((a, b) => a - b),
      0.99,
    );
    return `${p99.toFixed(0)} (+${(p99 - directP99).toFixed(0)})`;
  });
  let verdict = '';
  if (target === 'gw' && directRuns) {
    const added = runs.map((run, index) => {
      const p99 = percentile(
        [...run.latencies].sort((a, b) => a - b),
        0.99,
      );
      return (
        p99 -
        percentile(
          [...directRuns[index].latencies].sort((a, b) => a - b),
          0.99,
        )
      );
    });
    const missed = [];
    if (added.some((value) => value > OPEN_TARGETS.addedP99))
      missed.push(`added p99 ≤ ${OPEN_TARGETS.addedP99}`);
    if ((all.at(-1) ?? 0) > OPEN_TARGETS.stall) missed.push(`no stall > ${OPEN_TARGETS.stall}`);
    verdict = missed.length === 0 ? '  [targets met]' : `  [missed: ${missed.join(', ')}]`;
  }
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  return `${cells(
    [
      target,
      rate,
      percentile(all, 0.5).toFixed(0),
      percentile(all, 0.99).toFixed(0),
      (all.at(-1) ?? 0).toFixed(0),
      cpuText(cpuPerRequestOf(runs)),
      '',
      perRun.join(', '),
    ],
    OPEN_COLUMNS,
  )}${errors > 0 ? `  ${errors} errors` : ''}${verdict}`;
}

function cpuPerRequestOf(runs) {
  const requests = runs.reduce((sum, run) => sum + run.completed, 0);
  if (requests === 0 || runs.some((run) => run.cpuMicros === undefined)) return undefined;
  return runs.reduce((sum, run) => sum + run.cpuMicros, 0) / requests;
}
