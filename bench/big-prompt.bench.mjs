// Availability under huge prompts (issue 8 item 2): gw (SQLite, its own process) relays to the fake upstream
// while 10 concurrent `POST /v1/chat/completions` each carry a prompt of one run without whitespace (random
// letters, the costliest text to count) — 5 such bursts, one after another — and meanwhile
// `GET /api/status` is called back to back. Prints the status latency p50/p99/max in ms and whether
// p99 < 50 ms (the target), then the big requests' outcomes and how long each burst took.
// Two rounds: 1 MiB prompts (over the counting cap: estimated from length) and 240 KiB prompts (under it:
// counted in pieces by the worker pool), each on a fresh gw. A round stops at `--deadline-ms` (default
// 60000) even if bursts are left; a status call still open then counts with the time it had waited.
// Each round first samples /api/status with nothing else running for a few seconds and prints that p99 and
// the load average beside the result: on a machine busy with other work the target cannot be read alone.
// Builds the server first when dist is missing. `--only '1 MiB'` runs one round; `--cpu-prof-dir DIR` runs gw
// under `node --cpu-prof` (a .cpuprofile per round in DIR, summarised at the end of the round).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Agent, fetch } from 'undici';
import { prepareGw, probeRelay } from './relay/gw-setup.mjs';
import { summarizeCpuProfile } from './relay/profile-summary.mjs';
import { startNodeProcess, stopNodeProcess } from './relay/processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const { values: args } = parseArgs({
  options: {
    'deadline-ms': { type: 'string', default: '60000' },
    only: { type: 'string' },
    'cpu-prof-dir': { type: 'string' },
  },
});
const deadlineMs = Number(args['deadline-ms']);
const BIG_REQUESTS = 10;
/** Bursts of BIG_REQUESTS per round, so the percentiles rest on more than one burst's samples. */
const BURSTS = 5;
const STATUS_P99_TARGET_MS = 50;
/** Pause between two status calls, so the sampler itself is not a load. */
const STATUS_GAP_MS = 5;
const ROOT_PASSWORD = 'bench-password';
const ROUNDS = [
  { label: '1 MiB', chars: 1024 * 1024 },
  { label: '240 KiB', chars: 240 * 1024 },
];

if (!existsSync(join(root, 'packages/server/dist/index.js'))) {
  console.log('packages/server/dist is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const cpuList = cpus();
console.log(
  `machine: ${cpuList.length} × ${cpuList[0]?.model ?? 'unknown cpu'}, node ${process.version}; load average ${loadavg()[0].toFixed(2)}`,
);

/** Random lowercase letters from a seeded xorshift: distinct per request, the same on every run. */
function lettersRun(length, seed) {
  let state = seed >>> 0 || 1;
  const codes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    codes[index] = 97 + ((state >>> 0) % 26);
  }
  return Buffer.from(codes).toString('latin1');
}

/** Calls `/api/status` back to back (STATUS_GAP_MS apart) on a worker thread until stopped. */
const SAMPLER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let stopped = false;
let stuck = false;
let error;
parentPort.on('message', () => { stopped = true; });
(async () => {
  // One call before the burst, not counted: a new thread's first fetch loads and compiles its client.
  await fetch(workerData.url).then((response) => response.arrayBuffer()).catch(() => {});
  parentPort.postMessage({ ready: true });
  while (!stopped && Date.now() < workerData.stopAtEpoch) {
    const t0 = performance.now();
    try {
      const response = await fetch(workerData.url, { signal: AbortSignal.timeout(Math.max(1, Math.ceil(workerData.stopAtEpoch - Date.now()))) });
      await response.arrayBuffer();
      if (response.status !== 200) error ??= 'HTTP ' + response.status;
    } catch (failure) {
      stuck = true;
      error ??= failure.message;
    }
    latencies.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, workerData.gapMs));
  }
  parentPort.postMessage({ latencies, stuck, error });
})();
`;

function startStatusSampler(url, stopAt) {
  const stopAtEpoch = Math.ceil(Date.now() + Math.max(0, stopAt - performance.now()));
  const worker = new Worker(SAMPLER_SOURCE, {
    eval: true,
    workerData: { url, gapMs: STATUS_GAP_MS, stopAtEpoch },
  });
  let markReady;
  const ready = new Promise((resolve) => {
    markReady = resolve;
  });
  const result = new Promise((resolve, reject) => {
    worker.on('message', (message) => (message.ready ? markReady() : resolve(message)));
    worker.once('error', reject);
  });
  return {
    ready,
    async stop() {
      worker.postMessage('stop');
      const sampled = await result;
      await worker.terminate();
      return sampled;
    },
  };
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const describeError = (error) =>
  `${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''}`;

/**
 * One burst: BIG_REQUESTS bodies sent at once, `/api/status` sampled into `sample` until all are answered
 * or `stopAt`. Resolves to the burst's duration in ms.
 */
async function burst(gwUrl, authorization, bodies, stopAt, sample) {
  const dispatcher = new Agent({ connections: BIG_REQUESTS + 1, bodyTimeout: 0, headersTimeout: 0 });
  // The sampler runs on its own thread: the bench's own work (sending 10 MiB, reading replies) must not
  // count as gw's latency.
  const sampler = startStatusSampler(`${gwUrl}/api/status`, stopAt);
  await sampler.ready;
  const startedAt = performance.now();
  const abort = new AbortController();
  let open = bodies.length;
  const big = bodies.map((body) =>
    fetch(`${gwUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
      dispatcher,
      signal: abort.signal,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        return `HTTP ${response.status}`;
      })
      .catch((error) =>
        abort.signal.aborted ? 'unanswered at the deadline' : `error ${describeError(error)}`,
      )
      .then((outcome) => {
        sample.outcomes.set(outcome, (sample.outcomes.get(outcome) ?? 0) + 1);
        open -= 1;
      }),
  );
  while (open > 0 && performance.now() < stopAt) await sleep(5);
  const sampled = await sampler.stop();
  sample.latencies.push(...sampled.latencies);
  if (sampled.stuck) sample.stuck = true;
  sample.statusError ??= sampled.error;
  abort.abort();
  await Promise.all(big);
  await dispatcher.close().catch(() => {});
  return performance.now() - startedAt;
}

/** Milliseconds of status calls sampled with nothing else sent: the machine's own noise, for comparison. */
const IDLE_SAMPLE_MS = 3000;

/** `/api/status` latencies with no big request running: what the target is read against on a busy machine. */
async function idleStatusP99(gwUrl) {
  const sampler = startStatusSampler(`${gwUrl}/api/status`, performance.now() + IDLE_SAMPLE_MS);
  await sampler.ready;
  await sleep(IDLE_SAMPLE_MS);
  const { latencies } = await sampler.stop();
  return percentile(
    latencies.sort((a, b) => a - b),
    0.99,
  );
}

/** One round: BURSTS bursts of the big requests (fewer if the deadline passes), status sampled throughout. */
async function round(gwUrl, authorization, { label, chars }) {
  const idleP99 = await idleStatusP99(gwUrl);
  const stopAt = performance.now() + deadlineMs;
  const sample = { latencies: [], outcomes: new Map(), stuck: false, statusError: undefined };
  const durations = [];
  for (let index = 0; index < BURSTS && performance.now() < stopAt; index += 1) {
    // Distinct prompts per request and burst: nothing is cached between them.
    const bodies = Array.from({ length: BIG_REQUESTS }, (_, request) =>
      JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: lettersRun(chars, chars + index * BIG_REQUESTS + request + 1) }],
      }),
    );
    durations.push(await burst(gwUrl, authorization, bodies, stopAt, sample));
  }
  const latencies = sample.latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 0.99);
  const met = p99 < STATUS_P99_TARGET_MS && !sample.stuck;
  console.log(
    `${label.padEnd(8)} status: ${latencies.length} calls, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms${sample.stuck ? ' (a call was still open at the deadline)' : ''} → p99 < ${STATUS_P99_TARGET_MS} ms: ${met ? 'met' : 'MISSED'} (idle p99 ${idleP99.toFixed(1)} ms; load average ${loadavg()[0].toFixed(2)})`,
  );
  const outcomes = [...sample.outcomes].map(([outcome, count]) => `${count} × ${outcome}`).join(', ');
  const seconds = durations.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  console.log(`${''.padEnd(8)} big requests: ${outcomes}; bursts took ${seconds} s`);
  if (sample.statusError) console.log(`${''.padEnd(8)} first status failure: ${sample.statusError}`);
  return met;
}

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-big-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

/** A fresh gw on its own SQLite file, set up to relay to `upstreamUrl`. */
async function startGw(upstreamUrl, name) {
  const profileDir = args['cpu-prof-dir'];
  const gw = await startNodeProcess(join(here, 'relay', 'gw-server.mjs'), [], {
    nodeArgs: profileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [],
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dataDir, `${name}.db`)}`,
      GW_ROOT_PASSWORD: ROOT_PASSWORD,
      GW_DATA_DIR: join(dataDir, name),
      GW_WEB_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The sampler calls /api/status hundreds of times a second.
      GLOBAL_API_RATE_LIMIT: '0',
    },
  });
  const { authorization } = await prepareGw(gw.url, upstreamUrl, ROOT_PASSWORD);
  const probe = await probeRelay(gw.url, authorization);
  if (!probe.available) throw new Error(`gw does not relay: ${probe.reason}`);
  return { gw, authorization };
}

let allMet = true;
const upstream = await startNodeProcess(join(here, 'relay', 'upstream.mjs'));
try {
  console.log(
    `${BIG_REQUESTS} concurrent chat requests with one whitespace-free prompt each; /api/status sampled meanwhile (deadline ${deadlineMs} ms per round, a fresh gw per round)`,
  );
  for (const [index, spec] of ROUNDS.entries()) {
    if (args.only && args.only !== spec.label) continue;
    const { gw, authorization } = await startGw(upstream.url, `round-${index}`);
    try {
      if (!(await round(gw.url, authorization, spec))) allMet = false;
    } finally {
      // A gw stuck in a count ignores SIGTERM until it is done: it is killed after the grace time.
      await stopNodeProcess(gw, 2_000);
    }
    if (args['cpu-prof-dir']) {
      const file = join(args['cpu-prof-dir'], `round-${index}.cpuprofile`);
      if (existsSync(file)) for (const line of summarizeCpuProfile(file, 25)) console.log(`  ${line}`);
    }
  }
} finally {
  await stopNodeProcess(upstream);
}
process.exit(allMet ? 0 : 1);
