// The relay bench's load generator: `concurrency` closed-loop workers over one undici Pool send
// `POST /v1/chat/completions` back to back; each request's latency (to the last byte, so to the end of the
// stream for SSE) is taken with process.hrtime.bigint(). One load keeps its pool across runs, so a cell can
// warm up once and then be measured in several short runs interleaved with the other targets.
import { Pool } from 'undici';

/** The chat request every target receives: a short conversation, as most relay traffic is. */
export function chatBody(stream) {
  return JSON.stringify({
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Hello, how are you today?' },
    ],
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
}

/** A reply counts only when it is a 200 and, for a stream, ends with the `[DONE]` event. */
function complete(statusCode, text, stream) {
  if (statusCode !== 200) return false;
  return stream ? text.trimEnd().endsWith('data: [DONE]') : text.startsWith('{');
}

/** A chat load on `origin` with `concurrency` connections; `run` measures, `close` ends the pool. */
export function chatLoad({ origin, headers = {}, stream, concurrency }) {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
  const body = chatBody(stream);
  const requestHeaders = { 'content-type': 'application/json', ...headers };
  return {
    /**
     * Sends requests for `durationMs`; returns the latencies in µs of the requests that succeeded and both
     * started and finished inside the window (so the rate is not inflated), every success (`completed`,
     * the ones that finished late included) and the failures.
     */
    async run(durationMs) {
      const latencies = [];
      let errors = 0;
      let completed = 0;
      let firstError;
      const stopAt = process.hrtime.bigint() + BigInt(durationMs) * 1_000_000n;
      const worker = async () => {
        for (;;) {
          const sent = process.hrtime.bigint();
          if (sent >= stopAt) return;
          let ok = false;
          try {
            const response = await pool.request({
              method: 'POST',
              path: '/v1/chat/completions',
              headers: requestHeaders,
              body,
            });
            const text = await response.body.text();
            ok = complete(response.statusCode, text, stream);
            if (!ok) firstError ??= `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
          } catch (error) {
            firstError ??= String(error);
          }
          const done = process.hrtime.bigint();
          if (!ok) errors += 1;
          else {
            completed += 1;
            if (done <= stopAt) latencies.push(Number(done - sent) / 1000);
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      return { latencies, durationMs, completed, errors, firstError };
    },
    close: () => pool.close(),
  };
}

/** Requests per second and p50/p99 latency (µs) over several runs of one load. */
export function summarize(runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const seconds = runs.reduce((sum, run) => sum + run.durationMs, 0) / 1000;
  return {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    count: latencies.length,
    completed: runs.reduce((sum, run) => sum + run.completed, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    firstError: runs.find((run) => run.firstError)?.firstError,
    cpuPerRequest: cpuPerRequest(runs),
  };
}

/** The server's CPU time (µs) per completed request over the runs that measured it (not the warm-up). */
export function cpuPerRequest(runs) {
  const counted = runs.filter((run) => run.cpuMicros !== undefined);
  const requests = counted.reduce((sum, run) => sum + run.completed, 0);
  if (counted.length === 0 || requests === 0) return undefined;
  return counted.reduce((sum, run) => sum + run.cpuMicros, 0) / requests;
}

/**
 * An open-loop load: requests are sent at a fixed `rate` (per second) whatever the target's replies do, each
 * on its own schedule (`start + i / rate`); latency counts from the scheduled time, so a stall of the target
 * shows in every request that should have gone out during it (no coordinated omission). `connections` is
 * the most requests in flight: beyond it requests wait in the pool, which counts in their latency too.
 */
export function openLoad({ origin, headers = {}, stream, rate, connections = 64 }) {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const body = chatBody(stream);
  const requestHeaders = { 'content-type': 'application/json', ...headers };
  return {
    /** Sends `rate × durationMs / 1000` requests on schedule; resolves when every reply is in. */
    async run(durationMs) {
      const latencies = [];
      let errors = 0;
      let completed = 0;
      let firstError;
      const total = Math.round((rate * durationMs) / 1000);
      const intervalNs = 1e9 / rate;
      const start = process.hrtime.bigint();
      const sends = [];
      const sendOne = async (scheduled) => {
        let ok = false;
        try {
          const response = await pool.request({
            method: 'POST',
            path: '/v1/chat/completions',
            headers: requestHeaders,
            body,
          });
          const text = await response.body.text();
          ok = complete(response.statusCode, text, stream);
          if (!ok) firstError ??= `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
        } catch (error) {
          firstError ??= String(error);
        }
        if (!ok) errors += 1;
        else {
          completed += 1;
          latencies.push(Number(process.hrtime.bigint() - scheduled) / 1000);
        }
      };
      let next = 0;
      while (next < total) {
        const now = process.hrtime.bigint();
        // Every request whose time has come goes out now, each latency from its own scheduled time.
        while (next < total) {
          const scheduled = start + BigInt(Math.round(next * intervalNs));
          if (scheduled > now) break;
          sends.push(sendOne(scheduled));
          next += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await Promise.all(sends);
      return { latencies, durationMs, completed, errors, firstError };
    },
    close: () => pool.close(),
  };
}
