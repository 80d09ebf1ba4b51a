// Availability under huge prompts (issue 8 item 2): gw (SQLite, its own process) relays to the fake upstream
// while 10 concurrent `POST /v1/chat/completions` each carry a prompt of one run without whitespace (random
// letters, the costliest text to count), and meanwhile `GET /api/status` is called back to back. Prints the
// status latency p50/p99/max in ms and whether p99 < 50 ms (the target), then the big requests' outcome.
// Two rounds: 1 MiB prompts (over the counting cap: estimated from length) and 240 KiB prompts (under it:
// counted in pieces by the worker pool), each on a fresh gw. A round ends when all 10 replied or after
// `--deadline-ms` (default 60000); a status call still open then counts with the time it had waited.
// Builds the server first when dist is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, fetch } from 'undici';
import { prepareGw, probeRelay } from './relay/gw-setup.mjs';
import { startNodeProcess, stopNodeProcess } from './relay/processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const { values: args } = parseArgs({ options: { 'deadline-ms': { type: 'string', default: '60000' } } });
const deadlineMs = Number(args['deadline-ms']);
const BIG_REQUESTS = 10;
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

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One round: the big requests in flight, status sampled until they are all answered or the deadline. */
async function round(gwUrl, authorization, { label, chars }) {
  // Each big request and the sampler get their own connections: only gw's event loop is shared.
  const dispatcher = new Agent({ connections: BIG_REQUESTS + 1, bodyTimeout: 0, headersTimeout: 0 });
  const bodies = Array.from({ length: BIG_REQUESTS }, (_, index) =>
    JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: lettersRun(chars, chars + index + 1) }],
    }),
  );
  const stopAt = performance.now() + deadlineMs;
  const startedAt = performance.now();
  const abort = new AbortController();
  const outcomes = new Map();
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
        abort.signal.aborted
          ? 'unanswered at the deadline'
          : `error ${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''}`,
      )
      .then((outcome) => {
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        return performance.now() - startedAt;
      }),
  );
  let open = BIG_REQUESTS;
  for (const request of big) void request.then(() => (open -= 1));
  const latencies = [];
  let stuck = false;
  let statusError;
  while (open > 0 && performance.now() < stopAt) {
    const t0 = performance.now();
    try {
      const response = await fetch(`${gwUrl}/api/status`, {
        dispatcher,
        signal: AbortSignal.timeout(Math.max(1, Math.ceil(stopAt - t0))),
      });
      await response.arrayBuffer();
      if (response.status !== 200) statusError ??= `HTTP ${response.status}`;
    } catch (error) {
      stuck = true;
      statusError ??= `${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''}`;
    }
    latencies.push(performance.now() - t0);
    await sleep(STATUS_GAP_MS);
  }
  abort.abort();
  const bigTimes = (await Promise.all(big)).sort((a, b) => a - b);
  await dispatcher.close().catch(() => {});
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 0.99);
  console.log(
    `${label.padEnd(8)} status: ${latencies.length} calls, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms${stuck ? ' (a call was still open at the deadline)' : ''} → p99 < ${STATUS_P99_TARGET_MS} ms: ${p99 < STATUS_P99_TARGET_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `${''.padEnd(8)} big requests: ${[...outcomes].map(([outcome, count]) => `${count} × ${outcome}`).join(', ')}; last reply after ${(bigTimes.at(-1) / 1000).toFixed(2)} s`,
  );
  if (statusError) console.log(`${''.padEnd(8)} first status failure: ${statusError}`);
  return p99 < STATUS_P99_TARGET_MS && !stuck;
}

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-big-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

/** A fresh gw on its own SQLite file, set up to relay to `upstreamUrl`. */
async function startGw(upstreamUrl, name) {
  const gw = await startNodeProcess(join(here, 'relay', 'gw-server.mjs'), [], {
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
    const { gw, authorization } = await startGw(upstream.url, `round-${index}`);
    try {
      if (!(await round(gw.url, authorization, spec))) allMet = false;
    } finally {
      // A gw stuck in a count ignores SIGTERM until it is done: it is killed after the grace time.
      await stopNodeProcess(gw, 2_000);
    }
  }
} finally {
  await stopNodeProcess(upstream);
}
process.exit(allMet ? 0 : 1);
