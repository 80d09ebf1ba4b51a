// The token list (`GET /api/token/?size=30`, signed in) on gw with SQLite, against a bare Fastify
// server that answers the same bytes with no auth, database or validation: the ratio shows what the
// guard, the query and the serialisation cost. Needs `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { measure, row, startSignedInGw } from './load.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-'));
const { gw, cookie } = await startSignedInGw(dataDir);
for (let index = 0; index < 200; index += 1) {
  await fetch(`${gw.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      name: `bench-${index}`,
      unlimited_quota: index % 2 === 0,
      remain_quota: index * 1000,
    }),
  });
}
const path = '/api/token/?page=2&size=30&order=-remain_quota';
const sample = await (await fetch(`${gw.url}${path}`, { headers: { cookie } })).text();

const bare = Fastify({ logger: false });
bare.get('/api/token/', (_request, reply) => reply.type('application/json').send(sample));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const durationMs = Number(process.env.BENCH_MS ?? 3000);
console.log(`GET ${path} — 200 tokens, ${sample.length} bytes per reply, ${durationMs} ms per run`);
for (const concurrency of [1, 16]) {
  const baseline = await measure({ origin: bareUrl, path, concurrency, durationMs });
  const result = await measure({ origin: gw.url, path, headers: { cookie }, concurrency, durationMs });
  console.log(row(`bare fastify, concurrency ${concurrency}`, baseline));
  console.log(row(`gw (sqlite), concurrency ${concurrency}`, result));
  console.log(
    `  gw/bare throughput ${(result.rps / baseline.rps).toFixed(2)}; added p50 ${(result.p50 - baseline.p50).toFixed(3)} ms, p99 ${(result.p99 - baseline.p99).toFixed(3)} ms`,
  );
}
await bare.close();
await gw.close();
rmSync(dataDir, { recursive: true, force: true });
