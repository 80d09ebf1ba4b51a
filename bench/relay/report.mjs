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
];

const cells = (values) =>
  values
    .map((value, index) => {
      const [, width, pad] = COLUMNS[index];
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
  return `${label}gw/bare ${share.toFixed(2)}, gw/direct ${(gw.rps / direct.rps).toFixed(2)}, gw added p50 ${addedP50.toFixed(0)} p99 ${addedP99.toFixed(0)}; ${bareAdded}${verdict}`;
}
