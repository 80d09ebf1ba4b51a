// The relay's overhead: `POST /v1/chat/completions` (JSON and SSE stream) at concurrency 1 and 16 against
// three targets, each server in its own process: the fake upstream directly, a bare Node pass-through
// proxy (undici, parse and forward, nothing else: the ceiling for any Node gateway on this machine), and gw
// with billing and logging on SQLite. Prints req/s and p50/p99 latency in µs per cell, then gw/bare and
// gw/direct throughput and the latency gw adds over direct. Targets at concurrency 16: gw ≥ 70 % of the
// bare proxy's throughput, added p50 ≤ 1 ms, added p99 ≤ 5 ms. Builds the server first when dist is missing.
// BENCH_MS (default 4500) is the measured time per target and cell. Each cell also prints the CPU time the
// target's server process(es) used per request (µs, from the kernel's rusage: the machine's load disturbs it
// less than wall time). Then an open-loop part sends JSON requests at fixed rates (BENCH_RATES, default
// 300,1000 req/s; BENCH_OPEN_MS per target and run, default 2000, 3 runs), latency counted from each
// request's scheduled time, and prints p50/p99/max per target and gw's added p99 over direct per run.
// `--profile <dir>` runs gw under --cpu-prof, keeps the profile in <dir> and prints where gw's time went.
// `--database <url>` puts gw on that database (an empty one, e.g. PostgreSQL) instead of a fresh SQLite
// file; `--workers <n>` runs `gw serve --workers n` (cluster; CPU counted over the primary and workers);
// `--node-flags="<flags>"` starts gw's node with those flags (V8 tuning, e.g. --max-semi-space-size=8)
// instead of the ones `gw serve` starts node with (GW_SERVE_NODE_FLAGS); `--node-flags=` runs V8's defaults.
// A gw serving alone also reports, per open-loop run, its event loop's longest hold and its GC pauses.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chatLoad, openLoad, summarize } from './relay/chat-load.mjs';
import { prepareGw, probeRelay, waitForConsumeLogs } from './relay/gw-setup.mjs';
import { pausesLine, pausesOf } from './relay/pauses.mjs';
import { cpuMicros, startNodeProcess, stopNodeProcess } from './relay/processes.mjs';
import { summarizeCpuProfile } from './relay/profile-summary.mjs';
import { comparisonLine, openHeader, openRow, resultHeader, resultRow } from './relay/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
/** Measured time per target and cell, split into ROUNDS turns; each cell first warms up for WARMUP_MS. */
const durationMs = Number(process.env.BENCH_MS ?? 4500);
const ROUNDS = 3;
const WARMUP_MS = 1000;
const ROOT_PASSWORD = 'bench-password';
/** What `gw serve` restarts node with (packages/cli/src/lazy/serve-node-flags.ts): gw as operators run it. */
const GW_SERVE_NODE_FLAGS = '--no-memory-reducer';
const OPEN_MS = Number(process.env.BENCH_OPEN_MS ?? 2000);
const RATES = (process.env.BENCH_RATES ?? '300,1000').split(',').filter(Boolean).map(Number);
const { values: options } = parseArgs({
  options: {
    profile: { type: 'string' },
    database: { type: 'string' },
    workers: { type: 'string' },
    'node-flags': { type: 'string' },
  },
});
const profileDir = options.profile ? resolve(options.profile) : undefined;

if (!existsSync(join(root, 'packages/server/dist/index.js'))) {
  console.log('packages/server/dist is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const cpuList = cpus();
// The load average says how much else ran on the machine: the figures only compare within one run.
const loadAverage = () => loadavg()[0].toFixed(2);
console.log(
  `machine: ${cpuList.length} × ${cpuList[0]?.model ?? 'unknown cpu'}, node ${process.version}, ${process.platform}/${process.arch}; all processes share these cores; load average ${loadAverage()}; gw's node flags: ${(options['node-flags'] ?? GW_SERVE_NODE_FLAGS) || 'none'}`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-relay-'));
// Also when the bench dies early (a closed stdout, an uncaught error); the servers exit with it.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const started = [];
const start = async (script, args, options) => {
  const server = await startNodeProcess(join(here, 'relay', script), args, options);
  started.push(server);
  return server;
};

/** Starts gw, prepares it and probes its relay: the target, or why gw cannot be measured. */
async function startGw(upstreamUrl) {
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const gw = await start('gw-server.mjs', [], {
    nodeArgs: [
      ...(options['node-flags'] ?? GW_SERVE_NODE_FLAGS).split(' ').filter(Boolean),
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    env: {
      ...process.env,
      DATABASE_URL: options.database ?? `sqlite:${join(dataDir, 'gw.db')}`,
      ...(options.workers ? { GW_WORKERS: options.workers } : {}),
      GW_ROOT_PASSWORD: ROOT_PASSWORD,
      GW_DATA_DIR: dataDir,
      GW_WEB_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
  });
  const { authorization, cookie } = await prepareGw(gw.url, upstreamUrl, ROOT_PASSWORD);
  const probe = await probeRelay(gw.url, authorization);
  return { ...probe, url: gw.url, headers: { authorization }, cookie, pid: gw.child.pid, child: gw.child };
}

let failed = false;
let gwOpenCompleted = 0;

/** One run of `load`, with the CPU time the target's server used during it (and gw's pauses, if asked). */
async function measured(target, load, ms, { pauses = false } = {}) {
  const watch = pauses && target.child;
  if (watch) await pausesOf(target.child, 'reset');
  const before = cpuMicros(target.pid);
  const result = await load.run(ms);
  const after = cpuMicros(target.pid);
  const report = watch ? await pausesOf(target.child, 'report') : undefined;
  return {
    ...result,
    cpuMicros: before === undefined || after === undefined ? undefined : after - before,
    pauses: report,
  };
}

try {
  const upstream = await start('upstream.mjs');
  const bare = await start('bare-proxy.mjs', [upstream.url]);
  const targets = [
    {
      name: 'direct',
      origin: upstream.url,
      headers: { authorization: 'Bearer sk-bench-upstream' },
      pid: upstream.child.pid,
    },
    {
      name: 'bare',
      origin: bare.url,
      headers: { authorization: 'Bearer sk-bench-upstream' },
      pid: bare.child.pid,
    },
  ];
  const gwTarget = await startGw(upstream.url).catch((error) => ({
    available: false,
    reason: error.message,
  }));
  if (gwTarget.available) {
    targets.push({
      name: 'gw',
      origin: gwTarget.url,
      headers: gwTarget.headers,
      pid: gwTarget.pid,
      child: gwTarget.child,
    });
  } else console.log(`gw: not available (${gwTarget.reason})`);

  console.log(
    `POST /v1/chat/completions; per cell ${WARMUP_MS} ms warm-up, then ${durationMs} ms per target in ${ROUNDS} interleaved turns; latency in µs`,
  );
  console.log(resultHeader());
  const results = new Map();
  for (const mode of ['json', 'stream']) {
    for (const concurrency of [1, 16]) {
      const stream = mode === 'stream';
      const loads = targets.map((target) => ({ target, load: chatLoad({ ...target, stream, concurrency }) }));
      const runs = new Map(loads.map(({ target }) => [target.name, []]));
      for (const { target, load } of loads) {
        // The warm-up's failures count, its latencies do not.
        runs.get(target.name).push({ ...(await load.run(WARMUP_MS)), latencies: [], durationMs: 0 });
      }
      // The targets take turns in short runs, in alternating order, so drift on a shared machine (other
      // processes, GC, CPU frequency) touches them alike.
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? loads : [...loads].reverse();
        for (const { target, load } of order)
          runs.get(target.name).push(await measured(target, load, durationMs / ROUNDS));
      }
      for (const { target, load } of loads) {
        await load.close();
        const result = summarize(runs.get(target.name));
        results.set(`${target.name} ${mode} ${concurrency}`, result);
        if (result.errors > 0) failed = true;
        console.log(resultRow(target.name, mode, concurrency, result));
        if (result.firstError) console.log(`  first error: ${result.firstError}`);
      }
    }
  }

  const openResults = new Map();
  if (RATES.length > 0) {
    console.log(
      `\nopen loop, JSON: ${ROUNDS} runs of ${OPEN_MS} ms per target and rate, latency (µs) from each request's scheduled time`,
    );
    console.log(openHeader());
    for (const rate of RATES) {
      const loads = targets.map((target) => ({ target, load: openLoad({ ...target, stream: false, rate }) }));
      for (const { target, load } of loads) {
        // The warm-up's replies are billed too: they count in the check below.
        const warm = await load.run(Math.min(500, OPEN_MS));
        if (target.name === 'gw') gwOpenCompleted += warm.completed;
        if (warm.errors > 0) failed = true;
      }
      const perTarget = new Map(loads.map(({ target }) => [target.name, []]));
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? loads : [...loads].reverse();
        for (const { target, load } of order)
          perTarget.get(target.name).push(await measured(target, load, OPEN_MS, { pauses: true }));
      }
      for (const { target, load } of loads) {
        await load.close();
        const runsOf = perTarget.get(target.name);
        openResults.set(`${target.name} ${rate}`, runsOf);
        if (target.name === 'gw') gwOpenCompleted += runsOf.reduce((sum, run) => sum + run.completed, 0);
        if (runsOf.some((run) => run.errors > 0)) failed = true;
        console.log(openRow(target.name, rate, runsOf, perTarget.get('direct')));
        if (runsOf.some((run) => run.pauses)) console.log(pausesLine(runsOf.map((run) => run.pauses)));
      }
    }
  }

  if (gwTarget.available) {
    // Every successful gw reply (the probes included) must have been billed and logged.
    const relayed =
      gwTarget.probes +
      [...results]
        .filter(([key]) => key.startsWith('gw '))
        .reduce((sum, [, result]) => sum + result.completed, 0) +
      gwOpenCompleted;
    const logged = await waitForConsumeLogs(gwTarget.url, gwTarget.cookie, relayed);
    console.log(`gw billing and logging: ${logged} consume logs for ${relayed} relayed requests`);
    if (logged !== relayed) failed = true;
  }

  console.log(`\nratios (throughput) and latency added over direct (µs); load average now ${loadAverage()}`);
  for (const mode of ['json', 'stream']) {
    for (const concurrency of [1, 16]) {
      const get = (name) => results.get(`${name} ${mode} ${concurrency}`);
      console.log(
        comparisonLine(mode, concurrency, { direct: get('direct'), bare: get('bare'), gw: get('gw') }),
      );
    }
  }
} finally {
  await Promise.all(started.map((server) => stopNodeProcess(server)));
}
if (profileDir) {
  // gw writes its profile as it exits; the newest one is this run's.
  const profiles = readdirSync(profileDir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort();
  if (profiles.length > 0)
    console.log(`\n${summarizeCpuProfile(join(profileDir, profiles.at(-1))).join('\n')}`);
}
process.exit(failed ? 1 : 0);
