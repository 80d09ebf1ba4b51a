// A small closed-loop load generator over undici: `concurrency` workers send requests back to back
// for `durationMs` after a warm-up, and the latencies are kept to report percentiles.
import { join } from 'node:path';
import { Pool } from 'undici';

/** Sends GET `path` to `origin` with `headers` and reports requests per second and latency percentiles. */
export async function measure({ origin, path, headers = {}, concurrency, durationMs, warmupMs = 500 }) {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const latencies = [];
  let errors = 0;
  let recording = false;
  const stopAt = performance.now() + warmupMs + durationMs;
  setTimeout(() => {
    recording = true;
  }, warmupMs);
  let started = 0;
  const worker = async () => {
    while (performance.now() < stopAt) {
      const t0 = performance.now();
      const response = await pool.request({ method: 'GET', path, headers });
      await response.body.text();
      if (response.statusCode !== 200) errors += 1;
      if (recording) latencies.push(performance.now() - t0);
    }
  };
  await new Promise((done) => setTimeout(done, 0));
  started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const elapsed = performance.now() - started - warmupMs;
  return {
    rps: latencies.length / (elapsed / 1000),
    p50: at(0.5),
    p99: at(0.99),
    count: latencies.length,
    errors,
  };
}

/** Formats a result row. */
export function row(name, result) {
  return `${name.padEnd(34)} ${result.rps.toFixed(0).padStart(8)} req/s   p50 ${result.p50.toFixed(3)} ms   p99 ${result.p99.toFixed(3)} ms   (${result.count} requests, ${result.errors} errors)`;
}

/**
 * Starts gw (the built server) on a fresh SQLite file in `dataDir`, quiet, and signs in as root:
 * answers the server and the session cookie. `env` adds or overrides settings.
 */
export async function startSignedInGw(dataDir, env = {}) {
  const { startServer } = await import('../packages/server/dist/index.js');
  const gw = await startServer({
    port: 0,
    host: '127.0.0.1',
    handleSignals: false,
    env: {
      DATABASE_URL: `sqlite:${join(dataDir, 'gw.db')}`,
      GW_ROOT_PASSWORD: 'bench-password',
      LOG_LEVEL: 'silent',
      GW_WEB_DIR: dataDir,
      ...env,
    },
  });
  const login = await fetch(`${gw.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'bench-password' }),
  });
  return { gw, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] };
}
